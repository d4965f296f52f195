import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { mytTimestamp } from "../csv"
import { monthPeriod, type EinvoiceQuery } from "../validators"
import { einvoiceCsv, sumsJson } from "./myinvois"
import { einvoiceReport } from "./report"

/**
 * GET /admin/svc/reports/einvoice?month=YYYY-MM&format=json|csv: the month's
 * svc payments and refunds per Malaysian day and MyInvois payment mode, for
 * the orders whose buyer did not ask for their own e-invoice: what a
 * consolidated e-invoice needs from the payment side (docs/einvoice.md, field
 * by field). Read from the plugin's ledger and Medusa; svc is not called.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, EinvoiceQuery>,
  res: MedusaResponse
) {
  const { month, format } = req.validatedQuery
  const period = monthPeriod(month)
  if (!period)
    throw new Error(`month ${month} passed validation but is not a month`)
  const report = await einvoiceReport(req.scope, period)
  if (format === "csv") {
    res.attachment(`svc-einvoice-${month}.csv`) // text/csv; charset=utf-8
    res.status(200).send(einvoiceCsv(month, report, report.notes))
    return
  }
  res.json({
    month,
    from: mytTimestamp(period.fromMs),
    to: mytTimestamp(period.toMs),
    ...report, // groups, totals, excluded_orders, notes
    groups: report.groups.map(sumsJson),
    totals: sumsJson(report.totals),
  })
}
