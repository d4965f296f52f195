import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Container, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { SectionHeader } from "../../lib/list-section"
import { SvcPage } from "../../lib/page"
import { useSvcQuery } from "../../lib/query"
import { Status } from "../../lib/status"
import type { CheckoutsAnswer, JobsAnswer } from "../../lib/types"

/** The pages beneath "svc" in the sidebar (their own route configs give the same labels and order). */
const PAGES = [
  {
    to: "/svc/payments",
    label: "Payments",
    what: "Checkouts that need an admin: paid after the order was canceled, failed after it was placed, paid carts that cannot become an order.",
  },
  { to: "/svc/settlements", label: "Settlements", what: "The svc wallet balance, withdrawals to the store's bank account, the finance export." },
  { to: "/svc/bank-accounts", label: "Bank accounts", what: "The bank accounts linked to the svc wallet, their trigger addresses and allowed senders." },
  { to: "/svc/beneficiaries", label: "Beneficiaries", what: "Payout beneficiaries, the prefund balance and every payout of the account." },
  { to: "/svc/deposits", label: "Deposits", what: "Token deposits svc told the store about: look one up, check a missed transaction, redrive." },
  { to: "/svc/token-transfers", label: "Token transfers", what: "Tokens from the svc wallet to an external address." },
  { to: "/svc/events", label: "Events", what: "svc's events and what the plugin did with each; process one again." },
  { to: "/settings/svc-doctor", label: "Settings → svc connection", what: "Is svc set up right: the connection doctor and the webhook URL to register." },
] as const

/** The one svc entry of Medusa's main menu: what needs an admin now, and every svc page. */
const SvcOverviewPage = () => {
  const attention = useSvcQuery<CheckoutsAnswer>("/admin/svc/checkouts", { attention: "true", limit: 200 })
  const waiting = attention.data?.checkouts.length
  // the doctor's job checks (no svc call): a store whose jobs do not run is told here, not only in Settings
  const jobs = useSvcQuery<JobsAnswer>("/admin/svc/health/jobs")
  const warned = jobs.data?.jobs.filter((j) => j.level !== "ok") ?? []
  return (
    <SvcPage testId="svc-overview">
      <Container className="divide-y p-0">
        <SectionHeader title="svc" level="h1" description="Payments, refunds and settlements through svc, and the rest of svc: its wallet, payouts, deposits and events." />
        {warned.length > 0 && (
          <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="svc-overview-jobs" role="status">
            {warned.map((j) => (
              <div key={j.job} className="flex flex-col gap-y-1" data-testid={`svc-overview-job-${j.job}`} data-level={j.level}>
                <div className="flex items-center gap-x-2">
                  <Status value={j.level} label="Check" />
                  <Text size="small" weight="plus">
                    {j.label}: {j.detail}
                  </Text>
                </div>
                {j.advice && (
                  <Text size="small" className="text-ui-fg-subtle">
                    {j.advice}
                  </Text>
                )}
              </div>
            ))}
            <Link to="/settings/svc-doctor" className="txt-compact-small-plus text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle">
              Open the connection doctor
            </Link>
          </div>
        )}
        <ul aria-label="svc pages">
          {PAGES.map((p) => (
            <li key={p.to} className="flex items-center justify-between gap-x-4 border-b px-6 py-3 last:border-b-0">
              <div className="flex flex-col">
                <Link to={p.to} className="txt-compact-small-plus text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle">
                  {p.label}
                </Link>
                <Text size="small" className="text-ui-fg-subtle">
                  {p.what}
                </Text>
              </div>
              {p.to === "/svc/payments" && waiting !== undefined && (
                <Status
                  className="shrink-0"
                  value={waiting ? "attention" : "ok"}
                  label={waiting ? `${waiting} need${waiting === 1 ? "s" : ""} attention` : "nothing needs attention"}
                />
              )}
            </li>
          ))}
        </ul>
      </Container>
    </SvcPage>
  )
}

export const config = defineRouteConfig({ label: "svc", icon: CurrencyDollar })

export default SvcOverviewPage
