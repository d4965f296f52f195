import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Bolt } from "@medusajs/icons"
import { Button, Container, Copy, Heading, Table, Text } from "@medusajs/ui"
import { ConfirmButton } from "../../../lib/confirm-button"
import { when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { Section } from "../../../lib/list-section"
import { Note, SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/api/query"
import { useServerText } from "../../../i18n/server-text"
import { Status } from "../../../lib/status"
import type { DoctorReport, HealthAnswer } from "../../../lib/types"

/** The en.json key of what each level of a check is called on this page (its colour: the status map's ok, warn, fail), and of the summary's word. */
const WORD = {
  ok: "svc.doctor.levelOk",
  warn: "svc.doctor.levelWarn",
  fail: "svc.doctor.levelFail",
} as const
const SUMMARY = {
  ok: "svc.doctor.summaryOk",
  warn: "svc.doctor.summaryWarn",
  fail: "svc.doctor.summaryFail",
} as const
const feature = (enabled: boolean | null) =>
  enabled === true ? "enabled" : enabled === false ? "not_enabled" : "unknown"
type T = ReturnType<typeof useSvcT>["t"]

/** The en.json key of each check's and feature's name, by its id (src/api/admin/svc/health/doctor.ts); a name not here is shown as the doctor words it. */
const CHECKS: Readonly<Record<string, string>> = {
  api_key: "svc.doctor.checks.apiKey",
  account_status: "svc.doctor.checks.accountStatus",
  account_type: "svc.doctor.checks.accountType",
  clock: "svc.doctor.checks.clock",
  features: "svc.doctor.checks.features",
  environment: "svc.doctor.checks.environment",
  rate: "svc.doctor.checks.rate",
  webhooks: "svc.doctor.checks.webhooks",
  webhook_token: "svc.doctor.checks.webhookToken",
  job_reconcile: "svc.doctor.checks.jobReconcile",
  job_watch: "svc.doctor.checks.jobWatch",
}
const FEATURES: Readonly<Record<string, string>> = {
  checkout: "svc.doctor.featureNames.checkout",
  direct_checkout: "svc.doctor.featureNames.directCheckout",
  wallet: "svc.doctor.featureNames.wallet",
  fiat_withdrawals: "svc.doctor.featureNames.fiatWithdrawals",
  token_transfers: "svc.doctor.featureNames.tokenTransfers",
  payouts: "svc.doctor.featureNames.payouts",
  wallet_trigger_addresses: "svc.doctor.featureNames.walletTriggerAddresses",
  payout_trigger_addresses: "svc.doctor.featureNames.payoutTriggerAddresses",
}
/** A name in the admin's language by its id, else the doctor's own name for it (its English read back to the server's catalogue: src/lib/texts). */
const named = (
  t: T,
  said: (english: string) => string,
  keys: Readonly<Record<string, string>>,
  id: string,
  label: string
) => (keys[id] ? t(keys[id]) : said(label))

/** The question before requiring the webhook token, or before no longer requiring it. */
function tokenWarning(t: T, health: DoctorReport, required: boolean): string {
  const r = health.webhooks.token?.requests
  if (!required) return t("svc.doctor.acceptAgain")
  return r && r.without + r.wrong > 0
    ? t("svc.doctor.someWithout", { hours: r.hours, n: r.without + r.wrong })
    : t("svc.doctor.refusedFromNow")
}

/** The webhook token's request counts, in words. */
function tokenCounts(
  t: T,
  r: NonNullable<DoctorReport["webhooks"]["token"]>["requests"]
): string {
  if (!r) return t("svc.doctor.countsUnavailable")
  return r.wrong
    ? t("svc.doctor.countsWrong", {
        hours: r.hours,
        with: r.with,
        without: r.without,
        wrong: r.wrong,
      })
    : t("svc.doctor.counts", {
        hours: r.hours,
        with: r.with,
        without: r.without,
      })
}

/** Settings → svc connection: is svc set up right, and if not what to do. */
const SvcDoctorPage = () => {
  const { t } = useSvcT()
  const { said, saidOf } = useServerText()
  const read = useSvcQuery<HealthAnswer>("/admin/svc/health")
  const health = read.data?.health
  const { run } = useSvcAction()

  return (
    <SvcPage testId="svc-doctor">
      <Section
        title={t("svc.nav.connection")}
        level="h1"
        description={t("svc.doctor.description")}
        aside={
          <Button
            id="svc-doctor-recheck"
            variant="secondary"
            isLoading={read.isFetching}
            onClick={() => read.refetch()}
          >
            {t("svc.doctor.recheck")}
          </Button>
        }
        error={read.error}
      >
        {health && (
          <div
            className="flex items-center gap-x-3 px-6 py-4"
            data-testid="svc-doctor-summary"
            data-level={health.level}
          >
            <Status value={health.level} label={t(SUMMARY[health.level])} />
            <Text>{saidOf(health, "summary")}</Text>
          </div>
        )}
        {health && (
          <div className="grid grid-cols-2 gap-3 px-6 py-4 text-ui-fg-subtle">
            <Text size="small">
              svc: {health.base_url} ({health.environment})
            </Text>
            <Text size="small">
              {t("svc.doctor.apiKey", { key: health.api_key })}
            </Text>
            <Text size="small">
              {t("svc.doctor.account", {
                account: health.account
                  ? `${health.account.name} · ${health.account.type} · ${health.account.status}`
                  : t("svc.doctor.unknownAccount"),
              })}
            </Text>
            <Text size="small">
              {t("svc.doctor.rate", {
                used: health.rate.used,
                limit: health.rate.limit,
                doctor: health.rate.used_by_doctor,
              })}
            </Text>
          </div>
        )}
      </Section>
      {health && (
        <Container className="p-0">
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("svc.doctor.check")}</Table.HeaderCell>
                <Table.HeaderCell>{t("svc.common.result")}</Table.HeaderCell>
                <Table.HeaderCell>{t("svc.doctor.whatToDo")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {health.checks.map((c) => (
                <Table.Row
                  key={c.id}
                  data-testid={`svc-check-${c.id}`}
                  data-level={c.level}
                >
                  <Table.Cell className="whitespace-nowrap">
                    <Status value={c.level} label={t(WORD[c.level])} />{" "}
                    {named(t, said, CHECKS, c.id, c.label)}
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal py-2">
                    {saidOf(c, "detail")}
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal py-2">
                    {c.advice ? saidOf(c, "advice") : "—"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </Container>
      )}
      {health && health.features.length > 0 && (
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">{t("svc.doctor.features")}</Heading>
          </div>
          <Table>
            <Table.Body>
              {health.features.map((f) => (
                <Table.Row key={f.feature}>
                  <Table.Cell>
                    {named(t, said, FEATURES, f.feature, f.label)}
                  </Table.Cell>
                  <Table.Cell>
                    <Status
                      value={feature(f.enabled)}
                      label={
                        f.enabled === true
                          ? t("svc.doctor.enabled")
                          : f.enabled === false
                            ? t("svc.doctor.notEnabled")
                            : t("svc.doctor.unknown")
                      }
                    />
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal">
                    {saidOf(f, "detail")}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </Container>
      )}
      {health && (
        <Container className="divide-y p-0">
          <div className="flex items-center justify-between px-6 py-4">
            <div>
              <Heading level="h2">{t("svc.doctor.webhooks")}</Heading>
              <Note>
                {t("svc.doctor.register")}
                {health.webhooks.token_configured
                  ? t("svc.doctor.tokenRequired")
                  : t("svc.doctor.tokenNotRequired")}
              </Note>
              {health.webhooks.token && (
                <Note testId="svc-webhook-token-counts">
                  {tokenCounts(t, health.webhooks.token.requests)}
                  {health.webhooks.token.source === "option"
                    ? t("svc.doctor.tokenOption")
                    : ""}
                </Note>
              )}
            </div>
            {health.webhooks.token?.source === "generated" && (
              <ConfirmButton
                id="svc-webhook-token-require"
                variant={
                  health.webhooks.token.required ? "secondary" : "primary"
                }
                title={
                  health.webhooks.token.required
                    ? t("svc.doctor.stopTitle")
                    : t("svc.doctor.requireTitle")
                }
                description={tokenWarning(
                  t,
                  health,
                  !health.webhooks.token.required
                )}
                confirm={
                  health.webhooks.token.required
                    ? t("svc.doctor.stopConfirm")
                    : t("svc.doctor.requireConfirm")
                }
                onConfirm={() =>
                  run(
                    health.webhooks.token?.required
                      ? t("svc.doctor.stopped")
                      : t("svc.doctor.required"),
                    () =>
                      svcPost("/admin/svc/webhook-token", {
                        required: !health.webhooks.token?.required,
                      })
                  )
                }
              >
                {health.webhooks.token.required
                  ? t("svc.doctor.stopButton")
                  : t("svc.doctor.requireButton")}
              </ConfirmButton>
            )}
            <div className="flex items-center gap-x-2 rounded-md bg-ui-bg-subtle px-3 py-1.5">
              <code className="txt-compact-small" data-testid="svc-webhook-url">
                {health.webhooks.url}
              </code>
              <Copy
                content={health.webhooks.url}
                aria-label={t("svc.common.copy")}
              />
            </div>
          </div>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("svc.common.event")}</Table.HeaderCell>
                <Table.HeaderCell>
                  {t("svc.doctor.lastReceived")}
                </Table.HeaderCell>
                <Table.HeaderCell>{t("svc.doctor.count")}</Table.HeaderCell>
                <Table.HeaderCell>
                  {t("svc.doctor.lastOutcome")}
                </Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {health.webhooks.events.map((e) => (
                <Table.Row key={e.event_type}>
                  <Table.Cell className="font-mono text-xs">
                    {e.event_type}
                  </Table.Cell>
                  <Table.Cell>
                    {e.last_received_at
                      ? when(e.last_received_at)
                      : t("svc.doctor.noneYet")}
                  </Table.Cell>
                  <Table.Cell>{e.received}</Table.Cell>
                  <Table.Cell>
                    {e.last_outcome ? <Status value={e.last_outcome} /> : "—"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <div className="px-6 py-3">
            <Note>
              {t("svc.doctor.countedOver", {
                n: health.webhooks.counted_over ?? 500,
              })}
              {health.webhooks.unknown_types?.length
                ? t("svc.doctor.unknownTypes", {
                    types: health.webhooks.unknown_types
                      .map((u) => `${u.type} ×${u.count}`)
                      .join(", "),
                  })
                : ""}
            </Note>
          </div>
        </Container>
      )}
    </SvcPage>
  )
}

// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.connection",
  translationNs: "translation",
  icon: Bolt,
})

export default SvcDoctorPage
