import { defineWidgetConfig } from "@medusajs/admin-sdk"
import {
  Button,
  Copy,
  Heading,
  Input,
  Label,
  Switch,
  Text,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { SelectField } from "../lib/fields"
import { clock, rm, when } from "../lib/format"
import { useSvcT } from "../lib/i18n"
import {
  svcPost,
  svcQueryKey,
  useSvcMutation,
  useSvcQuery,
} from "../lib/api/query"
import { ErrorLine } from "../lib/list-section"
import { Note, SvcWidget } from "../lib/page"
import { useServerText } from "../i18n/server-text"
import { Status, Trouble } from "../lib/status"
import type {
  BalanceAnswer,
  CheckoutsAnswer,
  EinvoiceFlagAnswer,
  PaymentLinkAnswer,
  SendPaymentLinkAnswer,
} from "../lib/types"

/**
 * The order's balance (an order edit, exchange, claim or draft order left an
 * amount due): "Request payment" gives the store's own payment link for it
 * (docs/payment-links.md), valid for days: to copy, or to send to the customer
 * through Medusa's Notification Module. Opened, it sends the buyer to an svc
 * checkout for the balance due then. The admin sees when it was sent and opened.
 */
/** POST payment-link/{send,revoke} of the order's link; the balance read then holds `linkAfter`. */
function useLinkAction(
  path: string,
  action: "send" | "revoke",
  linkAfter: (r: SendPaymentLinkAnswer) => BalanceAnswer["payment_link"]
) {
  return useSvcMutation(
    (id: string) =>
      svcPost<SendPaymentLinkAnswer>(`${path}/payment-link/${action}`, {
        payment_link_id: id,
      }),
    (r, client) =>
      client.setQueryData<BalanceAnswer>(svcQueryKey(path), (old) =>
        old ? { ...old, payment_link: linkAfter(r) } : old
      )
  )
}

const BalanceRequest = ({ orderId }: { orderId: string }) => {
  const { t } = useSvcT()
  const { said, error: errorText } = useServerText()
  const path = `/admin/svc/orders/${encodeURIComponent(orderId)}/balance`
  const read = useSvcQuery<BalanceAnswer>(path)
  const [chosen, setChosen] = useState("")
  const [note, setNote] = useState<string | null>(null)
  // the answers hold the balance and the link: shown at once, before the balance is read again
  const request = useSvcMutation(
    (body: { provider_id: string; payment_collection_id?: string }) =>
      svcPost<PaymentLinkAnswer>(`${path}/payment-link`, body),
    (r, client) =>
      client.setQueryData<BalanceAnswer>(svcQueryKey(path), {
        balance: r.balance,
        payment_link: r.payment_link,
      })
  )
  // what the link is after it: sent, the answer's; revoked, none (the next "Request payment" makes a new one)
  const send = useLinkAction(path, "send", (r) => r.payment_link)
  const revoke = useLinkAction(path, "revoke", () => null)
  const balance = read.data?.balance
  const lasting = read.data?.payment_link ?? null
  // the link still asks for what the order owes now (else the buyer would be told the amount changed)
  const usable =
    lasting &&
    !lasting.expired &&
    balance &&
    lasting.amount_sen === balance.outstanding_sen
      ? lasting
      : null
  const provider =
    chosen ||
    usable?.provider_id ||
    balance?.link?.provider_id ||
    balance?.providers.find((x) => x.id.startsWith("pp_svc-fpx_"))?.id ||
    balance?.providers[0]?.id ||
    ""

  const ask = async () => {
    if (!balance) return
    setNote(null)
    try {
      const r = await request.mutateAsync({
        provider_id: provider,
        ...(balance.payment_collection
          ? { payment_collection_id: balance.payment_collection.id }
          : {}),
      })
      const again = usable?.id === r.payment_link.id
      setNote(
        again
          ? t("svc.balance.reused", { until: when(r.payment_link.expires_at) })
          : null
      )
      toast.success(
        again ? t("svc.balance.openAgain") : t("svc.balance.made"),
        {
          description: t("svc.balance.validUntil", {
            amount: rm(r.payment_link.amount_sen),
            until: when(r.payment_link.expires_at),
          }),
        }
      )
    } catch (e) {
      toast.error(t("svc.balance.noLink"), { description: errorText(e) })
    }
  }
  const sendLink = async (id: string) => {
    try {
      const r = await send.mutateAsync(id)
      toast.success(t("svc.balance.sent"), {
        description: t("svc.balance.sentTo", {
          to: r.payment_link.sent_to ?? "",
        }),
      })
    } catch (e) {
      toast.error(t("svc.balance.sendFailed"), { description: errorText(e) })
    }
  }

  /** A button of the link's actions: busy (and disabled) while its call runs. */
  const actionButton = (
    id: string,
    call: { isPending: boolean },
    label: string,
    onClick: () => void,
    disabled = false
  ) => (
    <Button
      id={id}
      size="small"
      variant="secondary"
      isLoading={call.isPending}
      disabled={call.isPending || disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  )
  const revokeButton = (id: string) =>
    actionButton(
      "svc-balance-revoke",
      revoke,
      t("svc.balance.revoke"),
      () => void revokeLink(id)
    )
  const revokeLink = async (id: string) => {
    setNote(null)
    try {
      await revoke.mutateAsync(id)
      toast.success(t("svc.balance.revoked"), {
        description: t("svc.balance.revokedBody"),
      })
    } catch (e) {
      toast.error(t("svc.balance.revokeFailed"), { description: errorText(e) })
    }
  }
  // a link that still works but not for what is due now (or while no link can be asked for): it can be revoked
  const other = lasting && !lasting.expired && !usable ? lasting : null

  const error = request.error ?? read.error
  // Medusa's payment collection statuses a balance can have, in words; another one as Medusa's code
  const collectionStatus = (s: string) =>
    s === "not_paid"
      ? t("svc.balance.notPaid")
      : s === "awaiting"
        ? t("svc.balance.awaiting")
        : s
  if (error && !balance) return <ErrorLine error={error} />
  if (!balance) return null
  const due =
    balance.outstanding_sen > 0 ||
    (balance.payment_collection?.amount_sen ?? 0) > 0
  // nothing due: nothing shown (the marker says the balance was read)
  if (!due) return <div data-testid="svc-balance" data-due="false" hidden />
  return (
    <div
      className="flex flex-col gap-y-3 px-6 py-4"
      data-testid="svc-balance"
      data-due="true"
    >
      <div className="flex items-center justify-between">
        <Text weight="plus">
          {t("svc.balance.due", { amount: rm(balance.outstanding_sen) })}
        </Text>
        {balance.payment_collection && (
          <Status
            value={balance.payment_collection.status}
            label={collectionStatus(balance.payment_collection.status)}
          />
        )}
      </div>
      {other && (
        <div
          className="flex items-center justify-between gap-x-2"
          data-testid="svc-payment-link-other"
        >
          <Note>
            {t("svc.balance.otherLink", {
              amount: rm(other.amount_sen),
              until: when(other.expires_at),
            })}
          </Note>
          {revokeButton(other.id)}
        </div>
      )}
      {balance.refusal ? (
        <Note>
          {t("svc.balance.refusal", { reason: said(balance.refusal) })}
        </Note>
      ) : (
        <>
          {balance.providers.length > 1 && (
            <SelectField
              id="svc-balance-method"
              label={t("svc.balance.method")}
              value={provider}
              onChange={setChosen}
              choices={balance.providers.map((p) => [p.id, p.title] as const)}
            />
          )}
          {usable && (
            <div
              className="flex flex-col gap-y-1"
              data-testid="svc-payment-link"
            >
              <Label htmlFor="svc-balance-link" size="small">
                {t("svc.balance.linkLabel", { amount: rm(usable.amount_sen) })}
              </Label>
              <div className="flex items-center gap-x-2">
                <Input
                  id="svc-balance-link"
                  readOnly
                  value={usable.url}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Copy content={usable.url} aria-label={t("svc.common.copy")} />
              </div>
              <Note>
                {t("svc.balance.lasts", { until: when(usable.expires_at) })}
              </Note>
              <Note testId="svc-payment-link-sent">
                {usable.sent_at
                  ? t("svc.balance.sentAt", {
                      to: usable.sent_to ?? "",
                      at: when(usable.sent_at),
                    })
                  : t("svc.balance.neverSent")}
              </Note>
              <Note testId="svc-payment-link-opened">
                {usable.last_opened_at
                  ? t("svc.balance.openedAt", {
                      count: usable.open_count,
                      at: when(usable.last_opened_at),
                    })
                  : t("svc.balance.neverOpened")}
              </Note>
              {balance.link && (
                <Text size="small" className="text-ui-fg-muted">
                  {t("svc.balance.svcOpen", {
                    until: clock(balance.link.expires_at),
                  })}
                </Text>
              )}
            </div>
          )}
          {note && <Note>{note}</Note>}
          {(request.error ?? send.error ?? revoke.error) && (
            <Text size="small" className="text-ui-fg-error">
              {errorText(request.error ?? send.error ?? revoke.error)}
            </Text>
          )}
          <div className="flex gap-x-2">
            {actionButton(
              "svc-balance-request",
              request,
              usable ? t("svc.balance.newLink") : t("svc.balance.request"),
              ask,
              !provider
            )}
            {usable &&
              actionButton(
                "svc-balance-send",
                send,
                t("svc.balance.send"),
                () => void sendLink(usable.id)
              )}
            {usable && revokeButton(usable.id)}
          </div>
          {!usable && <Note>{t("svc.balance.explain")}</Note>}
        </>
      )}
    </div>
  )
}

/**
 * The buyer's own e-invoice request (order metadata `svc_einvoice_requested`,
 * docs/einvoice.md): an order that has it is left out of the monthly
 * consolidated e-invoice export. The admin can set or clear it here.
 */
const EinvoiceRequest = ({ orderId }: { orderId: string }) => {
  const { t } = useSvcT()
  const { error: errorText } = useServerText()
  const path = `/admin/svc/orders/${encodeURIComponent(orderId)}/einvoice`
  const read = useSvcQuery<EinvoiceFlagAnswer>(path)
  const change = useSvcMutation(
    (requested: boolean) => svcPost<EinvoiceFlagAnswer>(path, { requested }),
    (r, client) => client.setQueryData<EinvoiceFlagAnswer>(svcQueryKey(path), r)
  )
  const set = async (requested: boolean) => {
    try {
      await change.mutateAsync(requested)
      toast.success(
        requested ? t("svc.einvoice.ownOn") : t("svc.einvoice.ownOff")
      )
    } catch (e) {
      toast.error(t("svc.einvoice.refused"), { description: errorText(e) })
    }
  }
  if (read.error) return <ErrorLine error={read.error} />
  if (!read.data) return null
  return (
    <div
      className="flex flex-col gap-y-1 px-6 py-4"
      data-testid="svc-einvoice"
      data-requested={String(read.data.requested)}
    >
      <div className="flex items-center gap-x-2">
        <Switch
          id="svc-einvoice-own"
          checked={read.data.requested}
          disabled={change.isPending}
          onCheckedChange={set}
        />
        <Label htmlFor="svc-einvoice-own" size="small">
          {t("svc.einvoice.own")}
        </Label>
      </div>
      <Note>
        {read.data.requested
          ? t("svc.einvoice.ownExplain")
          : t("svc.einvoice.consolidatedExplain")}
      </Note>
    </div>
  )
}

/** Order details: every svc checkout of this order, its status history and anything needing an admin. */
const SvcOrderPaymentWidget = ({ data }: { data: { id: string } }) => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const list = useSvcQuery<CheckoutsAnswer>("/admin/svc/checkouts", {
    order_id: data.id,
  })
  const rows = list.data?.checkouts
  return (
    <SvcWidget testId="svc-payment">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("svc.orderPayment.title")}</Heading>
      </div>
      <BalanceRequest orderId={data.id} />
      <EinvoiceRequest orderId={data.id} />
      <ErrorLine error={list.error} />
      {list.isLoading && (
        <Text className="px-6 py-4">{t("svc.common.loading")}</Text>
      )}
      {rows?.length === 0 && (
        <Text className="px-6 py-4 text-ui-fg-subtle">
          {t("svc.orderPayment.none")}
        </Text>
      )}
      {rows?.map((c) => (
        <div key={c.id} className="flex flex-col gap-y-2 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text weight="plus">
              {c.type.replace("_", " ")} · {rm(c.amount_sen)}
            </Text>
            <Status value={c.status} />
          </div>
          <Trouble
            attention={c.attention}
            label={`${c.attention}: ${saidOf(c, "attention_reason")}`}
            failure={c.failure_reason && saidOf(c, "failure_reason")}
          />
          <Note testId="svc-checkout-title">
            {t("svc.orderPayment.shownAs", { title: c.title })}
          </Note>
          <Note>
            {t("svc.orderPayment.checkout", {
              id: c.checkout_id ?? t("svc.orderPayment.notCreated"),
              attempt: c.attempt,
            })}
          </Note>
          {c.payment_mode && (
            <Note testId="svc-einvoice-mode">
              {t("svc.einvoice.mode", {
                code: c.payment_mode,
                name:
                  c.payment_mode === "06"
                    ? t("svc.einvoice.mode06")
                    : t("svc.einvoice.mode03"),
              })}
            </Note>
          )}
          {c.paid_at_myt && (
            <Note testId="svc-einvoice-paid">
              {t("svc.einvoice.paid", {
                at: c.paid_at_myt,
                reference: c.svc_reference ?? "",
              })}
            </Note>
          )}
          {c.tx_hash && (
            <Text size="small" className="text-ui-fg-subtle break-all">
              {t("svc.common.tx")} {c.tx_hash}
            </Text>
          )}
          <ul>
            {(c.status_history.entries ?? []).map((e, i) => (
              <li key={i}>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {when(e.at)} · {e.status} · {e.source}
                  {e.detail ? ` · ${saidOf(e, "detail")}` : ""}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SvcWidget>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default SvcOrderPaymentWidget
