import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Text } from "@medusajs/ui"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import { column, moneyColumn, statusColumn } from "../../../lib/columns"
import { when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListPage, useLoadedList } from "../../../lib/list-section"
import { useServerText } from "../../../i18n/server-text"
import { Status } from "../../../lib/status"
import type { Checkout, CheckoutsAnswer } from "../../../lib/types"

/**
 * svc payments that need an admin: paid after cancel, failed after the order was placed, stale links paid,
 * and paid carts that cannot become an order (`paid_no_order`: changed after payment, stock gone, region
 * removed; refund the buyer or place the order by hand). A paid cart whose order is only late (Medusa's
 * cart lock held) is not listed: the watcher and the job complete it.
 */
const SvcPaymentsPage = () => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const checkouts = useLoadedList<CheckoutsAnswer, Checkout>(
    "/admin/svc/checkouts",
    (a) => a.checkouts,
    { attention: "true", limit: 200 }
  )
  const columns = useMemo(
    () => [
      column<Checkout>("created_at", t("svc.payments.when"), (c) =>
        when(c.created_at)
      ),
      column<Checkout>("order_id", t("svc.payments.order"), ({ order_id }) =>
        order_id ? (
          <Link
            className="text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle"
            to={`/orders/${order_id}`}
          >
            {order_id}
          </Link>
        ) : (
          "—"
        )
      ),
      column<Checkout>("checkout_id", t("svc.payments.checkout"), (c) => (
        <span className="font-mono text-xs" title={c.checkout_id ?? undefined}>
          {c.checkout_id ? `${c.checkout_id.slice(0, 8)}…` : "—"}
        </span>
      )),
      moneyColumn<Checkout>(
        "amount_sen",
        t("svc.common.amount"),
        (c) => c.amount_sen
      ),
      statusColumn<Checkout>(t("svc.payments.svcStatus"), (c) => c.status),
      column<Checkout>("attention", t("svc.payments.needs"), (c) => (
        <div className="flex min-w-[320px] max-w-[480px] flex-col items-start gap-y-1 whitespace-normal py-2">
          <Status
            value="attention"
            label={
              c.attention === "paid_no_order"
                ? t("svc.payments.paidNoOrder")
                : (c.attention ?? "")
            }
          />
          <Text size="small" className="text-ui-fg-subtle whitespace-normal">
            {saidOf(c, "attention_reason")}
          </Text>
        </div>
      )),
    ],
    [t, saidOf]
  )
  return (
    <ListPage
      title={t("svc.payments.title")}
      testId="svc-payments"
      description={t("svc.payments.description")}
      list={checkouts}
      errorTestId="svc-payments-error"
      hideTableOnError
      columns={columns}
      empty={t("svc.payments.empty")}
    />
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.payments",
  translationNs: "translation",
  rank: 1,
})

export default SvcPaymentsPage
