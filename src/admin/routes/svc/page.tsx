import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useSvcT } from "../../lib/i18n"
import { Section } from "../../lib/list-section"
import { Note, SvcPage } from "../../lib/page"
import { useSvcQuery } from "../../lib/api/query"
import { useServerText } from "../../i18n/server-text"
import { Status } from "../../lib/status"
import type { CheckoutsAnswer, JobsAnswer } from "../../lib/types"

/** The pages beneath "svc" in the sidebar (their own route configs give the same labels and order): path, en.json key of the label and of the line. */
const PAGES = [
  ["/svc/payments", "svc.nav.payments", "svc.overview.payments"],
  ["/svc/settlements", "svc.nav.settlements", "svc.overview.settlements"],
  ["/svc/bank-accounts", "svc.nav.bankAccounts", "svc.overview.bankAccounts"],
  ["/svc/beneficiaries", "svc.nav.beneficiaries", "svc.overview.beneficiaries"],
  ["/svc/deposits", "svc.nav.deposits", "svc.overview.deposits"],
  [
    "/svc/token-transfers",
    "svc.nav.tokenTransfers",
    "svc.overview.tokenTransfers",
  ],
  ["/svc/events", "svc.nav.events", "svc.overview.events"],
  [
    "/settings/svc-doctor",
    "svc.overview.connection",
    "svc.overview.connectionLine",
  ],
] as const

/** The en.json key of each job's name, by its id (JOB_NAMES of src/jobs/_heartbeat.ts). */
const JOB_NAMES: Readonly<Record<string, string>> = {
  "svc-reconcile-checkouts": "svc.doctor.checks.jobReconcile",
  "svc-watch-checkouts": "svc.doctor.checks.jobWatch",
}

/** The one svc entry of Medusa's main menu: what needs an admin now, and every svc page. */
const SvcOverviewPage = () => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const attention = useSvcQuery<CheckoutsAnswer>("/admin/svc/checkouts", {
    attention: "true",
    limit: 200,
  })
  const waiting = attention.data?.checkouts.length
  // the doctor's job checks (no svc call): a store whose jobs do not run is told here, not only in Settings
  const jobs = useSvcQuery<JobsAnswer>("/admin/svc/health/jobs")
  const warned = jobs.data?.jobs.filter((j) => j.level !== "ok") ?? []
  return (
    <SvcPage testId="svc-overview">
      <Section
        title="svc"
        level="h1"
        description={t("svc.overview.description")}
      >
        {warned.length > 0 && (
          <div
            className="flex flex-col gap-y-1 px-6 py-4"
            data-testid="svc-overview-jobs"
            role="status"
          >
            {warned.map((j) => (
              <div
                key={j.job}
                className="flex flex-col gap-y-1"
                data-testid={`svc-overview-job-${j.job}`}
                data-level={j.level}
              >
                <div className="flex items-center gap-x-2">
                  <Status value={j.level} label={t("svc.overview.jobCheck")} />
                  <Text size="small" weight="plus">
                    {JOB_NAMES[j.job] ? t(JOB_NAMES[j.job]!) : j.label}:{" "}
                    {saidOf(j, "detail")}
                  </Text>
                </div>
                {j.advice && <Note>{saidOf(j, "advice")}</Note>}
              </div>
            ))}
            <Link
              to="/settings/svc-doctor"
              className="txt-compact-small-plus text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle"
            >
              {t("svc.overview.openDoctor")}
            </Link>
          </div>
        )}
        <ul aria-label={t("svc.overview.pages")}>
          {PAGES.map(([to, label, what]) => (
            <li
              key={to}
              className="flex items-center justify-between gap-x-4 border-b px-6 py-3 last:border-b-0"
            >
              <div className="flex flex-col">
                <Link
                  to={to}
                  className="txt-compact-small-plus text-ui-fg-base underline underline-offset-2 hover:text-ui-fg-subtle"
                >
                  {t(label)}
                </Link>
                <Note>{t(what)}</Note>
              </div>
              {to === "/svc/payments" && waiting !== undefined && (
                <Status
                  className="shrink-0"
                  value={waiting ? "attention" : "ok"}
                  label={
                    waiting
                      ? t("svc.overview.attention", { n: waiting })
                      : t("svc.overview.noAttention")
                  }
                />
              )}
            </li>
          ))}
        </ul>
      </Section>
    </SvcPage>
  )
}

export const config = defineRouteConfig({ label: "svc", icon: CurrencyDollar })

export default SvcOverviewPage
