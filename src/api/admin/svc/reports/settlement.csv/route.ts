import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { toMedusaError } from "../../../../../lib/svc-runtime/errors"
import type { Period } from "../validators"
import { settlementReport } from "./settlement"

/**
 * GET /admin/svc/reports/settlement.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: every
 * money movement of the period (checkouts paid, refund payouts, fiat
 * withdrawals, token transfers) matched to svc's record, with totals per day
 * and for the period; amounts in sen and RM. `from`/`to` are Malaysian days
 * (`to` inclusive) or ISO timestamps; a bad one is a 400 naming the field,
 * before svc is asked anything.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, Period>,
  res: MedusaResponse
) {
  const period = req.validatedQuery
  const report = await settlementReport(req.scope, period).catch((e) => {
    throw toMedusaError(e, "reading svc's records for the finance export")
  })
  const name = `svc-settlement-${period.from.slice(0, 10)}-to-${period.to.slice(0, 10)}.csv`
  res.attachment(name) // text/csv; charset=utf-8, and the file's name
  res.setHeader("x-svc-mismatches", String(report.mismatches))
  res.status(200).send(report.csv)
}
