/**
 * The client's known codes are the spec's Errors table (test-data/svc-api/spec-errors.json,
 * extracted from the svc API spec): a code added to or dropped from the table fails here.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

import { isKnownSvcErrorCode, SVC_ERROR_CODES } from "../errors"

const spec = JSON.parse(
  readFileSync(
    join(__dirname, "../../../test-data/svc-api/spec-errors.json"),
    "utf8"
  )
) as {
  errorsTable: Array<{ status: number | string; codes: string[] }>
}

describe("error codes of the spec's Errors table", () => {
  const tableCodes = [
    ...new Set(spec.errorsTable.flatMap((row) => row.codes)),
  ].sort()

  it("SVC_ERROR_CODES is exactly the table's codes", () => {
    expect([...SVC_ERROR_CODES].sort()).toEqual(tableCodes)
  })

  it("every code of the table is known, by status", () => {
    for (const row of spec.errorsTable)
      for (const code of row.codes)
        expect([row.status, code, isKnownSvcErrorCode(code)]).toEqual([
          row.status,
          code,
          true,
        ])
  })
})
