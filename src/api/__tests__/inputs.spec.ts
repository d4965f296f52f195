// Every input of the plugin's admin routes is checked by the route table in middlewares.ts, with
// Medusa's validators, before the handler runs: a 400 invalid_data naming the field and the rule;
// the handlers read only what was checked.
import { readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { zodValidator } from "@medusajs/framework"
import {
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { svcRouteInputs, validateParams } from "../middlewares"
import {
  allowedSenderAdd,
  allowedSenderChange,
  listQuery,
  svcId,
} from "../admin/svc/validators"
import { beneficiaryRegister } from "../admin/svc/beneficiaries/validators"
import { checkMissed } from "../admin/svc/deposits/validators"
import { tokenTransferRequest } from "../admin/svc/token-transfers/validators"
import { refundRequest } from "../../workflows/refund-to-bank/validators"
import { paymentLinkBody } from "../admin/svc/orders/validators"
import { recognise, TEXTS } from "../../lib/texts"

const ADMIN = join(__dirname, "../admin/svc")

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory()
      ? routeFiles(p)
      : n === "route.ts"
        ? [p]
        : []
  })
}

/** Every message a check below refused with, for the last test (the catalogue reads each back). */
const refused: string[] = []

type Mw = (req: any, res: any, next: (e?: unknown) => void) => unknown
/** What a middleware answers: the error it passes on, or the request as it leaves it. */
async function run(mw: Mw, req: Record<string, unknown>) {
  let error: unknown
  const r = Object.assign(req, { allowed: [] })
  await mw(r, {}, (e) => (error = e))
  if (error instanceof Error) refused.push(error.message)
  return { error: error as MedusaError | undefined, req: r as any }
}

/** Medusa's message for a value refused by `schema`. */
async function refusal(
  schema: Parameters<typeof zodValidator>[0],
  value: unknown
) {
  try {
    await zodValidator(schema, value)
  } catch (e) {
    expect(e).toBeInstanceOf(MedusaError)
    expect(e).toMatchObject({ type: MedusaError.Types.INVALID_DATA })
    refused.push((e as Error).message)
    return (e as Error).message
  }
  throw new Error("accepted")
}

/** The input a middleware of the route table checks, by the name Medusa's validators have. */
const CHECKS: Record<string, string> = {
  validateParams: "params",
  validateBody: "body",
  validateQuery: "query",
}

describe("the route table (src/api/middlewares.ts)", () => {
  const routes = routeFiles(ADMIN).map((file) => {
    const matcher = `/admin/svc/${relative(ADMIN, file)
      .replace(/\/?route\.ts$/, "")
      .replace(/\[(\w+)\]/g, ":$1")}`
    // each route file by its path, found at run time
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return { matcher, module: require(file) as Record<string, unknown> }
  })

  it.each(
    routes.flatMap(({ matcher, module }) =>
      ["GET", "POST", "DELETE"]
        .filter((m) => typeof module[m] === "function")
        .map((m) => [m, matcher, module[m] as () => void] as const)
    )
  )(
    "%s %s: path ids first, then each input its handler reads, and no other",
    (method, matcher, handler) => {
      const checks = svcRouteInputs
        .filter(
          (r) =>
            r.matcher === matcher && (r.methods as string[]).includes(method)
        )
        .flatMap((r) =>
          (r.middlewares ?? []).map((m) => CHECKS[(m as { name: string }).name])
        )
      const reads = String(handler)
      expect(checks).toEqual([
        ...(matcher.includes(":") ? ["params"] : []),
        ...(/validatedBody/.test(reads) ? ["body"] : []),
        ...(/validatedQuery/.test(reads) ? ["query"] : []),
      ])
    }
  )

  it("has no entry without a route", () => {
    const known = new Set(
      routes.flatMap(({ matcher, module }) =>
        Object.keys(module).map((m) => `${m} ${matcher}`)
      )
    )
    for (const r of svcRouteInputs)
      for (const m of r.methods as string[])
        expect(known).toContain(`${m} ${r.matcher}`)
  })
})

describe("input checks (Medusa's validators)", () => {
  it("a body: 400 invalid_data naming the field and the rule before the handler, or the parsed body in req.validatedBody", async () => {
    const bad = await run(validateAndTransformBody(allowedSenderAdd), {
      body: { address: "0x12" },
    })
    expect(bad.error).toBeInstanceOf(MedusaError)
    expect(bad.error).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message:
        "Invalid request: address: must be an EVM address: 0x followed by 40 hexadecimal characters",
    })
    const ok = await run(validateAndTransformBody(allowedSenderAdd), {
      body: { address: ` 0x${"a".repeat(40)} ` },
    })
    expect(ok.error).toBeUndefined()
    expect(ok.req.validatedBody).toEqual({ address: `0x${"a".repeat(40)}` })
    expect(
      (await run(validateAndTransformBody(allowedSenderAdd), { body: {} }))
        .error?.message
    ).toBe("Invalid request: Field 'address' is required")
  })

  it("a query: the plugin's own limit and offset, defaults and bounds", async () => {
    const q = (query: Record<string, unknown>) =>
      run(validateAndTransformQuery(listQuery, {}), { query })
    expect((await q({})).req.validatedQuery).toEqual({ limit: 25, offset: 0 })
    expect((await q({ limit: "500" })).error?.message).toBe(
      "Invalid request: Value for field 'limit' too big, expected at most: '100'"
    )
    expect((await q({ offset: "-1" })).error?.message).toBe(
      "Invalid request: Value for field 'offset' too small, expected at least: '0'"
    )
    expect((await q({ limit: "x" })).error?.message).toBe(
      "Invalid request: Expected type: 'number' for field 'limit', got: 'x'"
    )
  })

  it("a field the route does not take is refused, named", async () => {
    expect(
      (
        await run(validateAndTransformQuery(listQuery, {}), {
          query: { limit: "5", fields: "*" },
        })
      ).error?.message
    ).toBe("Invalid request: Unrecognized fields: 'fields'")
  })

  it("path ids: checked, never changed", async () => {
    const params = {
      id: "6f1c2d3e-4a5b-4c6d-8e7f-8a9b0c1d2e3f",
      sender_id: "nope",
    }
    const r = await run(
      validateParams({
        id: svcId("id", "a beneficiary"),
        sender_id: svcId("sender_id", "an allowed sender"),
      }),
      { params }
    )
    expect(r.error?.message).toBe(
      "Invalid request: sender_id: must be the svc id of an allowed sender (a UUID)"
    )
    expect(r.req.params).toBe(params)
  })

  it("allowed sender: EVM address, a 1-120 label, active a boolean", async () => {
    expect(
      await refusal(allowedSenderAdd, {
        address: `0x${"a".repeat(40)}`,
        label: "",
      })
    ).toBe(
      "Invalid request: Value for field 'label' too small, expected at least: '1'"
    )
    expect(
      await refusal(allowedSenderAdd, {
        address: `0x${"a".repeat(40)}`,
        extra: 1,
      })
    ).toBe("Invalid request: Unrecognized fields: 'extra'")
    expect(await refusal(allowedSenderChange, { active: "no" })).toBe(
      "Invalid request: Expected type: 'boolean' for field 'active', got: 'no'"
    )
  })

  it("beneficiary: exactly one destination, each part named", async () => {
    expect(
      await refusal(beneficiaryRegister, { name: "A", bank_code: "MBBEMYKL" })
    ).toBe("Invalid request: account_number: is required with bank_code")
    expect(
      await refusal(beneficiaryRegister, {
        name: "A",
        account_number: "5140123401",
      })
    ).toBe("Invalid request: bank_code: is required with account_number")
    expect(
      await refusal(beneficiaryRegister, {
        name: "A",
        proxy_value: "0123456789",
      })
    ).toBe("Invalid request: proxy_type: is required with proxy_value")
    expect(
      await refusal(beneficiaryRegister, { name: "A", proxy_type: "MOBILE" })
    ).toBe("Invalid request: proxy_value: is required with proxy_type")
    expect(await refusal(beneficiaryRegister, { name: "Aminah" })).toBe(
      "Invalid request: account_number: is required with bank_code, or give a DuitNow proxy (proxy_type, proxy_value)"
    )
    expect(
      await refusal(beneficiaryRegister, {
        name: "A",
        proxy_type: "EMAIL",
        proxy_value: "a@b.my",
      })
    ).toBe(
      "Invalid request: Expected: 'MOBILE, NRIC, PASSPORT, BRN, ARMY' for field 'proxy_type', but got: 'EMAIL'"
    )
    expect(
      await refusal(beneficiaryRegister, {
        name: "A",
        bank_code: "X",
        account_number: "5140-1234",
      })
    ).toBe(
      "Invalid request: account_number: must be 6-20 digits, no spaces or dashes"
    )
    expect(
      await zodValidator(beneficiaryRegister, {
        name: "Ali",
        proxy_type: "NRIC",
        proxy_value: "900101145555",
        name_check: "loose",
      })
    ).toMatchObject({ proxy_type: "NRIC" })
  })

  it("check-missed: EVM hashes only, Solana named", async () => {
    expect(
      await refusal(checkMissed, {
        area: "payout",
        tx_hash: "0x12",
        chain_id: 11155111,
      })
    ).toMatch(/^Invalid request: tx_hash: .*check-missed is EVM only/)
    expect(
      await refusal(checkMissed, {
        area: "payout",
        tx_hash: `0x${"1".repeat(64)}`,
        chain_id: 101,
      })
    ).toMatch(/^Invalid request: chain_id: 101 is Solana/)
    expect(
      await refusal(checkMissed, {
        area: "both",
        tx_hash: `0x${"1".repeat(64)}`,
        chain_id: 1,
      })
    ).toBe(
      "Invalid request: Expected: 'wallet, payout' for field 'area', but got: 'both'"
    )
    expect(
      await zodValidator(checkMissed, {
        area: "wallet",
        tx_hash: `0x${"1".repeat(64)}`,
        chain_id: "421614",
      })
    ).toMatchObject({ chain_id: 421614 })
  })

  it("token transfer: request id, amount, reference at most 32", async () => {
    const ok = {
      request_id: "3b241101-e2bb-4255-8caf-4136c566a962",
      network_id: "n",
      token_id: "3b241101-e2bb-4255-8caf-4136c566a962",
      address_to: "0x1",
      amount: "10.00",
    }
    expect(
      await refusal(tokenTransferRequest, { ...ok, request_id: "x" })
    ).toMatch(/^Invalid request: request_id: must be a UUID/)
    expect(
      await refusal(tokenTransferRequest, { ...ok, request_id: undefined })
    ).toBe("Invalid request: Field 'request_id' is required")
    expect(
      await refusal(tokenTransferRequest, { ...ok, amount: undefined })
    ).toBe(
      'Invalid request: amount: is required: the amount in ringgit, e.g. "150.00"'
    )
    expect(
      await refusal(tokenTransferRequest, { ...ok, reference: "r".repeat(33) })
    ).toBe(
      "Invalid request: Value for field 'reference' too big, expected at most: '32'"
    )
    expect(
      (
        (await zodValidator(tokenTransferRequest, {
          ...ok,
          reference: "r".repeat(32),
        })) as { reference: string }
      ).reference
    ).toHaveLength(32)
  })

  it("refund: the beneficiary's fields named with their object", async () => {
    const ok = {
      payment_id: "pay_1",
      amount: "1.00",
      beneficiary: {
        name: "A",
        bank_code: "MBBEMYKL",
        account_number: "5140123401",
      },
    }
    expect(
      await refusal(refundRequest, {
        ...ok,
        beneficiary: { name: "A", bank_code: "MBBEMYKL" },
      })
    ).toBe(
      "Invalid request: beneficiary.account_number: is required with bank_code"
    )
    expect(await refusal(refundRequest, { ...ok, payment_id: "x" })).toBe(
      "Invalid request: payment_id: must be a Medusa payment id (pay_…)"
    )
  })

  it("payment link: only svc's wallet and FPX online banking", async () => {
    expect(
      await refusal(paymentLinkBody, { provider_id: "pp_svc-fpx-direct_svc" })
    ).toMatch(/^Invalid request: provider_id: FPX direct needs/)
    expect(
      await refusal(paymentLinkBody, {
        provider_id: "pp_svc-wallet_svc",
        amount: 1,
      })
    ).toBe("Invalid request: Unrecognized fields: 'amount'")
  })

  it("each refusal above is a sentence of the server's catalogue (src/lib/texts), so the admin shows it in its language: Medusa's \"Invalid request: …\" around each problem's code, the plugin's rule or Medusa's words (but the ids an admin never types)", () => {
    expect(refused.length).toBeGreaterThan(20)
    const unread = new Set<string>()
    for (const message of refused) {
      const r = recognise(message)
      expect(r?.code).toBe("input.invalid")
      const problems = String(r?.params.problems)
      const parts = recognise(problems)
        ? [problems]
        : problems.split(TEXTS["common.separator"])
      if (!parts.every((part) => recognise(part)?.code.startsWith("input.")))
        unread.add(problems.split(":")[0]!)
    }
    expect([...unread].sort()).toEqual([
      "payment_id",
      "provider_id",
      "request_id",
      "sender_id",
    ])
    expect(
      recognise(
        "Invalid request: beneficiary.account_number: must be 6-20 digits, no spaces or dashes"
      )
    ).toEqual({
      code: "input.invalid",
      params: {
        problems:
          "beneficiary.account_number: must be 6-20 digits, no spaces or dashes",
      },
    })
    expect(
      recognise(
        "beneficiary.account_number: must be 6-20 digits, no spaces or dashes"
      )
    ).toEqual({
      code: "input.accountNumber",
      params: { path: "beneficiary.account_number" },
    })
  })
})
