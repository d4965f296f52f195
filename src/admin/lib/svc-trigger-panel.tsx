/**
 * A bank account's or beneficiary's trigger address and its allowed senders
 * (the same tools in both svc areas), and the deposits that arrived on it.
 */
import { Badge, Button, Drawer, Heading, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import {
  ActionButton,
  column,
  monoColumn,
  RowActions,
  statusColumn,
  whenColumn,
} from "./columns"
import { ConfirmButton } from "./confirm-button"
import { TextField, useFields } from "./fields"
import { ifText } from "./format"
import { useSvcT } from "./i18n"
import { useLoadedList } from "./list-section"
import { PagedTable } from "./paged-table"
import { svcDelete, svcPost, useSvcAction, useSvcQuery } from "./api/query"
import { useServerText } from "../i18n/server-text"
import { Status } from "./status"
import type { AllowedSendersAnswer, Deposit, DepositsAnswer } from "./types"
import { Note } from "./page"

type Sender = AllowedSendersAnswer["allowed_senders"][number]

type Base = "/admin/svc/bank-accounts" | "/admin/svc/beneficiaries"

/** The panel in a drawer, open while there is an `owner` (a row's "Trigger address" button sets it); `ownerLabel` is already in the admin's language. */
export const TriggerAddressDrawer = ({
  base,
  owner,
  ownerLabel,
  onClose,
}: {
  base: Base
  owner: { id: string; title: string } | null
  ownerLabel: string
  onClose: () => void
}) => (
  <Drawer open={Boolean(owner)} onOpenChange={(o) => !o && onClose()}>
    <Drawer.Content>
      <Drawer.Header>
        <Drawer.Title>{owner?.title ?? ""}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body className="overflow-y-auto">
        {owner && (
          <TriggerAddressPanel
            base={base}
            ownerId={owner.id}
            ownerLabel={ownerLabel}
          />
        )}
      </Drawer.Body>
    </Drawer.Content>
  </Drawer>
)

export function TriggerAddressPanel({
  base,
  ownerId,
  ownerLabel,
}: {
  base: Base
  ownerId: string
  ownerLabel: string
}) {
  const { t } = useSvcT()
  const { saidOf, error: errorText } = useServerText()
  const path = `${base}/${ownerId}`
  const senders = useSvcQuery<AllowedSendersAnswer>(`${path}/allowed-senders`)
  const deposits = useLoadedList<DepositsAnswer, Deposit>(
    "/admin/svc/deposits",
    (a) => a.deposits,
    { destination_id: ownerId, limit: 50 }
  )
  const { run } = useSvcAction()
  const { form, setForm, bind } = useFields({ address: "", label: "" })
  const [formError, setFormError] = useState<string | null>(null)
  const s = senders.data
  const full = Boolean(s && s.count >= s.limit)

  // the deposits that arrived on the trigger address
  const depositColumns = useMemo(
    () => [
      statusColumn<Deposit>(t("svc.common.status"), (d) => d.status),
      monoColumn<Deposit>(
        "from",
        t("svc.common.from"),
        (d) => d.from_address,
        10
      ),
      column<Deposit>("summary", t("svc.common.result"), (d) => (
        <span className="whitespace-normal">{saidOf(d, "summary")}</span>
      )),
      whenColumn<Deposit>(t("svc.common.received"), (d) => d.created_at),
    ],
    [t, saidOf]
  )
  const senderColumns = useMemo(
    () => [
      monoColumn<Sender>(
        "address",
        t("svc.trigger.address"),
        (x) => x.address,
        12
      ),
      column<Sender>("label", t("svc.trigger.label"), (x) => x.label ?? "–"),
      column<Sender>("state", t("svc.trigger.state"), (x) => (
        <Status
          value={x.active ? "active" : "disabled"}
          label={x.active ? t("svc.trigger.active") : t("svc.trigger.disabled")}
        />
      )),
      column<Sender>("actions", "", (x) => (
        <RowActions>
          <ActionButton
            onClick={() =>
              run(
                x.active
                  ? t("svc.trigger.senderDisabled")
                  : t("svc.trigger.senderEnabled"),
                () =>
                  svcPost(`${path}/allowed-senders/${x.id}`, {
                    active: !x.active,
                  })
              )
            }
          >
            {x.active ? t("svc.trigger.disable") : t("svc.trigger.enable")}
          </ActionButton>
          <ConfirmButton
            variant="danger"
            title={t("svc.trigger.removeSenderTitle")}
            description={t("svc.trigger.removeSenderBody", {
              address: x.address,
              limit: s?.limit ?? 50,
            })}
            confirm={t("svc.common.remove")}
            onConfirm={() =>
              run(t("svc.trigger.senderRemoved"), () =>
                svcDelete(`${path}/allowed-senders/${x.id}`)
              )
            }
          >
            {t("svc.common.remove")}
          </ConfirmButton>
        </RowActions>
      )),
    ],
    [run, path, s?.limit, t]
  )

  return (
    <div className="flex flex-col gap-y-4">
      <div className="flex flex-col gap-y-2">
        <Heading level="h3">{t("svc.common.triggerAddress")}</Heading>
        {s?.trigger_address ? (
          <Text
            size="small"
            className="font-mono"
            data-testid="trigger-address"
          >
            {s.trigger_address}
          </Text>
        ) : (
          <Note>{t("svc.trigger.noneYet", { owner: ownerLabel })}</Note>
        )}
        <div>
          <ConfirmButton
            title={
              s?.trigger_address
                ? t("svc.trigger.showAgainTitle")
                : t("svc.trigger.createTitle")
            }
            description={t("svc.trigger.createBody", { owner: ownerLabel })}
            confirm={
              s?.trigger_address
                ? t("svc.trigger.askSvc")
                : t("svc.trigger.create")
            }
            onConfirm={() =>
              run(t("svc.trigger.ready"), () =>
                svcPost(`${path}/trigger-address`)
              )
            }
          >
            {s?.trigger_address
              ? t("svc.trigger.askSvcAgain")
              : t("svc.trigger.createButton")}
          </ConfirmButton>
        </div>
      </div>

      <div className="flex flex-col gap-y-2">
        <div className="flex items-center gap-x-2">
          <Heading level="h3">{t("svc.trigger.allowedSenders")}</Heading>
          {s && (
            <Badge
              size="2xsmall"
              color={full ? "red" : "grey"}
              data-testid="sender-count"
            >
              {t("svc.trigger.countOf", { count: s.count, limit: s.limit })}
            </Badge>
          )}
        </div>
        {senders.error && (
          <Text className="text-ui-fg-error">{errorText(senders.error)}</Text>
        )}
        {s?.note && <Note>{s.note}</Note>}
        {s && full && (
          <Text size="small" className="text-ui-fg-error">
            {t("svc.trigger.full", { limit: s.limit })}
          </Text>
        )}
        {s && s.allowed_senders.length > 0 && (
          <PagedTable
            rows={s.allowed_senders}
            columns={senderColumns}
            empty={t("svc.trigger.noSender")}
          />
        )}
        {s?.trigger_address && (
          <form
            className="flex items-end gap-x-2"
            onSubmit={async (e) => {
              e.preventDefault()
              setFormError(null)
              const refusal = await run(t("svc.trigger.senderAllowed"), () =>
                svcPost(`${path}/allowed-senders`, {
                  address: form.address.trim(),
                  ...ifText("label", form.label),
                })
              )
              if (refusal) setFormError(refusal)
              else setForm({ address: "", label: "" })
            }}
          >
            <TextField
              id="svc-sender-address"
              label={t("svc.trigger.senderAddress")}
              {...bind("address")}
              placeholder="0x…"
              disabled={full}
            />
            <TextField
              id="svc-sender-label"
              label={t("svc.trigger.senderLabel")}
              maxLength={120}
              {...bind("label")}
              disabled={full}
            />
            <Button size="small" type="submit" disabled={full || !form.address}>
              {t("svc.trigger.allow")}
            </Button>
          </form>
        )}
        {formError && (
          <Text size="small" className="text-ui-fg-error">
            {formError}
          </Text>
        )}
      </div>

      <div className="flex flex-col gap-y-2">
        <Heading level="h3">{t("svc.trigger.deposits")}</Heading>
        {deposits.error && (
          <Text className="text-ui-fg-error">{errorText(deposits.error)}</Text>
        )}
        <PagedTable
          rows={deposits.rows}
          isLoading={deposits.isLoading}
          columns={depositColumns}
          empty={t("svc.trigger.noDeposit")}
        />
      </div>
    </div>
  )
}
