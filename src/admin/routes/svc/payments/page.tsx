import { defineRouteConfig } from "@medusajs/admin-sdk"
import { createDataTableColumnHelper, Text } from "@medusajs/ui"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import { rm, when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListPage, useLoadedList } from "../../../lib/list-section"
import { useServerText } from "../../../i18n/server-text"
import { Status } from "../../../lib/status"
import type { Checkout, CheckoutsAnswer } from "../../../lib/types"

const col = createDataTableColumnHelper<Checkout>()

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
      col.accessor("created_at", {
        header: t("svc.payments.when"),
        cell: ({ getValue }) => when(getValue()),
      }),
      col.accessor("order_id", {
        header: t("svc.payments.order"),
        cell: ({ getValue }) => {
          const id = getValue()
          return id ? (
            <Link
              className="text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle"
              to={`/orders/${id}`}
            >
              {id}
            </Link>
          ) : (
            "—"
          )
        },
      }),
      col.accessor("checkout_id", {
        header: t("svc.payments.checkout"),
        cell: ({ getValue }) => (
          <span className="font-mono text-xs" title={getValue() ?? undefined}>
            {getValue() ? `${getValue()!.slice(0, 8)}…` : "—"}
          </span>
        ),
      }),
      col.accessor("amount_sen", {
        header: t("svc.common.amount"),
        cell: ({ getValue }) => rm(getValue()),
      }),
      col.accessor("status", {
        header: t("svc.payments.svcStatus"),
        cell: ({ getValue }) => <Status value={getValue()} />,
      }),
      col.accessor("attention", {
        header: t("svc.payments.needs"),
        cell: ({ row }) => (
          <div className="flex min-w-[320px] max-w-[480px] flex-col items-start gap-y-1 whitespace-normal py-2">
            <Status
              value="attention"
              label={
                row.original.attention === "paid_no_order"
                  ? t("svc.payments.paidNoOrder")
                  : (row.original.attention ?? "")
              }
            />
            <Text size="small" className="text-ui-fg-subtle whitespace-normal">
              {saidOf(row.original, "attention_reason")}
            </Text>
          </div>
        ),
      }),
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
