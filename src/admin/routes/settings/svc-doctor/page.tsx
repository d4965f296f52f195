import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Bolt } from "@medusajs/icons"
import { Button, Container, Copy, Heading, Table, Text } from "@medusajs/ui"
import { ConfirmButton } from "../../../lib/confirm-button"
import { when } from "../../../lib/format"
import { SectionHeader } from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { DoctorReport, HealthAnswer } from "../../../lib/types"

/** What each level of a check is called on this page (its colour: the status map's ok, warn, fail). */
const WORD = { ok: "OK", warn: "Check", fail: "Fix" } as const
const SUMMARY = { ok: "Working", warn: "Working, with advice", fail: "Not working" } as const
const feature = (enabled: boolean | null) => (enabled === true ? "enabled" : enabled === false ? "not_enabled" : "unknown")

/** The question before requiring the webhook token, or before no longer requiring it. */
function tokenWarning(health: DoctorReport, required: boolean): string {
  const r = health.webhooks.token?.requests
  if (!required) return "Webhook requests without the token will be accepted again."
  return r && r.without + r.wrong > 0
    ? `In the last ${r.hours} h, ${r.without + r.wrong} webhook requests arrived without this token: svc still sends some to another URL. Those requests will be refused.`
    : "Requests without the token will be refused from now on (other servers within 30 s)."
}

/** Settings → svc connection: is svc set up right, and if not what to do. */
const SvcDoctorPage = () => {
  const read = useSvcQuery<HealthAnswer>("/admin/svc/health")
  const health = read.data?.health
  const { run } = useSvcAction()

  return (
    <SvcPage testId="svc-doctor">
      <Container className="divide-y p-0">
        <SectionHeader
          title="svc connection"
          level="h1"
          description="Checks the API key, the account, its features, the clock, the rate budget and the webhooks against svc now."
          aside={
            <Button id="svc-doctor-recheck" variant="secondary" isLoading={read.isFetching} onClick={() => read.refetch()}>
              Check again
            </Button>
          }
        />
        {read.error && <Text className="px-6 py-4 text-ui-fg-error">{errorText(read.error)}</Text>}
        {health && (
          <div className="flex items-center gap-x-3 px-6 py-4" data-testid="svc-doctor-summary" data-level={health.level}>
            <Status value={health.level} label={SUMMARY[health.level]} />
            <Text>{health.summary}</Text>
          </div>
        )}
        {health && (
          <div className="grid grid-cols-2 gap-3 px-6 py-4 text-ui-fg-subtle">
            <Text size="small">
              svc: {health.base_url} ({health.environment})
            </Text>
            <Text size="small">API key: {health.api_key}</Text>
            <Text size="small">Account: {health.account ? `${health.account.name} · ${health.account.type} · ${health.account.status}` : "unknown"}</Text>
            <Text size="small">
              Rate budget: {health.rate.used} of {health.rate.limit} requests this minute (this check used {health.rate.used_by_doctor})
            </Text>
          </div>
        )}
      </Container>
      {health && (
        <Container className="p-0">
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Check</Table.HeaderCell>
                <Table.HeaderCell>Result</Table.HeaderCell>
                <Table.HeaderCell>What to do</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {health.checks.map((c) => (
                <Table.Row key={c.id} data-testid={`svc-check-${c.id}`} data-level={c.level}>
                  <Table.Cell className="whitespace-nowrap">
                    <Status value={c.level} label={WORD[c.level]} /> {c.label}
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal py-2">{c.detail}</Table.Cell>
                  <Table.Cell className="whitespace-normal py-2">{c.advice ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </Container>
      )}
      {health && health.features.length > 0 && (
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Features of the account</Heading>
          </div>
          <Table>
            <Table.Body>
              {health.features.map((f) => (
                <Table.Row key={f.feature}>
                  <Table.Cell>{f.label}</Table.Cell>
                  <Table.Cell>
                    <Status value={feature(f.enabled)} label={f.enabled === true ? "Enabled" : f.enabled === false ? "Not enabled" : "Unknown"} />
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal">{f.detail}</Table.Cell>
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
              <Heading level="h2">Webhooks</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                Register this URL with svc as the WALLET and the PAYOUT webhook endpoint.
                {health.webhooks.token_configured
                  ? " It carries this store's secret webhook token: requests without it are refused."
                  : " It carries this store's secret webhook token; requests without it are still accepted until you require it."}
              </Text>
              {health.webhooks.token && (
                <Text size="small" className="text-ui-fg-subtle" data-testid="svc-webhook-token-counts">
                  {health.webhooks.token.requests
                    ? `Last ${health.webhooks.token.requests.hours} h: ${health.webhooks.token.requests.with} requests with the token, ${health.webhooks.token.requests.without} without${health.webhooks.token.requests.wrong ? `, ${health.webhooks.token.requests.wrong} with a wrong one` : ""}.`
                    : "Request counts unavailable."}
                  {health.webhooks.token.source === "option" ? " The token is the provider option webhookToken: always required." : ""}
                </Text>
              )}
            </div>
            {health.webhooks.token?.source === "generated" && (
              <ConfirmButton
                id="svc-webhook-token-require"
                variant={health.webhooks.token.required ? "secondary" : "primary"}
                title={health.webhooks.token.required ? "Stop requiring the token?" : "Require the token?"}
                description={tokenWarning(health, !health.webhooks.token.required)}
                confirm={health.webhooks.token.required ? "Stop requiring it" : "Require it"}
                onConfirm={() =>
                  run(health.webhooks.token?.required ? "The token is no longer required" : "The token is required", () =>
                    svcPost("/admin/svc/webhook-token", { required: !health.webhooks.token?.required })
                  )
                }
              >
                {health.webhooks.token.required ? "Stop requiring the token" : "Require the token"}
              </ConfirmButton>
            )}
            <div className="flex items-center gap-x-2 rounded-md bg-ui-bg-subtle px-3 py-1.5">
              <code className="txt-compact-small" data-testid="svc-webhook-url">
                {health.webhooks.url}
              </code>
              <Copy content={health.webhooks.url} />
            </div>
          </div>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Event</Table.HeaderCell>
                <Table.HeaderCell>Last received</Table.HeaderCell>
                <Table.HeaderCell>Count</Table.HeaderCell>
                <Table.HeaderCell>Last outcome</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {health.webhooks.events.map((e) => (
                <Table.Row key={e.event_type}>
                  <Table.Cell className="font-mono text-xs">{e.event_type}</Table.Cell>
                  <Table.Cell>{e.last_received_at ? when(e.last_received_at) : "none yet: register the URL above"}</Table.Cell>
                  <Table.Cell>{e.received}</Table.Cell>
                  <Table.Cell>{e.last_outcome ? <Status value={e.last_outcome} /> : "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <div className="px-6 py-3">
            <Text size="small" className="text-ui-fg-subtle">
              Counts over the newest {health.webhooks.counted_over ?? 500} events of each kind.
              {health.webhooks.unknown_types?.length
                ? ` Events of types svc does not send here (counted, not stored): ${health.webhooks.unknown_types.map((u) => `${u.type} ×${u.count}`).join(", ")}.`
                : ""}
            </Text>
          </div>
        </Container>
      )}
    </SvcPage>
  )
}

export const config = defineRouteConfig({ label: "svc connection", icon: Bolt })

export default SvcDoctorPage
