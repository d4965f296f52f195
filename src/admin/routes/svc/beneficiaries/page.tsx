import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { bankChoices } from "../../../lib/bank-select"
import {
  ActionButton,
  column,
  moneyColumn,
  monoColumn,
  RowActions,
  statusColumn,
  whenColumn,
} from "../../../lib/columns"
import { ConfirmButton } from "../../../lib/confirm-button"
import { SelectField, TextField, useFields } from "../../../lib/fields"
import { rm, when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import {
  ListSection,
  Section,
  useCursorList,
  useOffsetList,
} from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import {
  svcDelete,
  svcPost,
  useSvcAction,
  useSvcQuery,
} from "../../../lib/api/query"
import { useServerText } from "../../../i18n/server-text"
import { Status } from "../../../lib/status"
import { TriggerAddressDrawer } from "../../../lib/svc-trigger-panel"
import type {
  BeneficiariesAnswer,
  Beneficiary,
  BeneficiaryRegistered,
  PayoutBanksAnswer,
  PrefundPayout,
  PrefundPayoutsAnswer,
} from "../../../lib/types"

/** A payout in the table: its id, the payout's. */
type PayoutRow = PrefundPayout & { id: string }

/** DuitNow proxy types (svc's codes) and the en.json key of each one's name. */
const PROXY_TYPES = [
  ["MOBILE", "svc.beneficiaries.proxyMobile"],
  ["NRIC", "svc.beneficiaries.proxyNric"],
  ["PASSPORT", "svc.beneficiaries.proxyPassport"],
  ["BRN", "svc.beneficiaries.proxyBrn"],
  ["ARMY", "svc.beneficiaries.proxyArmy"],
] as const

/**
 * svc beneficiaries (payout area): the prefund balance and every payout,
 * beneficiaries registered from this store (svc has no list route), register
 * (bank account or DuitNow proxy, optional name check), verify, remove, and
 * each one's trigger address and allowed senders.
 */
const SvcBeneficiariesPage = () => {
  const { t } = useSvcT()
  const { error: errorText } = useServerText()
  const kinds = [
    ["bank", t("svc.beneficiaries.kindBank")],
    ["proxy", t("svc.beneficiaries.kindProxy")],
  ] as const
  const nameChecks = [
    ["none", t("svc.beneficiaries.nameCheckNone")],
    ["strict", t("svc.common.nameCheckStrict")],
    ["loose", t("svc.beneficiaries.nameCheckLoose")],
  ] as const
  const beneficiaries = useOffsetList<BeneficiariesAnswer, Beneficiary>(
    "/admin/svc/beneficiaries",
    (a) => a.beneficiaries,
    10
  )
  const banks = useSvcQuery<PayoutBanksAnswer>("/admin/svc/payout-banks")
  const payouts = useCursorList<PrefundPayoutsAnswer, PayoutRow>(
    "/admin/svc/prefund/payouts",
    // the table's row id: the payout's
    (a) => a.payouts.map((p) => ({ ...p, id: p.payout_id })),
    10
  )
  const { run } = useSvcAction()
  const [kind, setKind] = useState<"bank" | "proxy">("bank")
  const { form, setForm, bind } = useFields({
    name: "",
    bank_code: "",
    account_number: "",
    proxy_type: "MOBILE",
    proxy_value: "",
    name_check: "none",
  })
  const [formError, setFormError] = useState<string | null>(null)
  const [open, setOpen] = useState<Beneficiary | null>(null)

  const columns = useMemo(
    () => [
      column<Beneficiary>("name", t("svc.common.name"), (b) => b.name),
      column<Beneficiary>(
        "destination",
        t("svc.beneficiaries.destination"),
        (b) =>
          b.kind === "BANK_ACCOUNT"
            ? `${b.bank_code} ${b.account_number_masked}`
            : `DuitNow ${b.proxy_type} ${b.proxy_value_masked}`
      ),
      column<Beneficiary>("verified", t("svc.beneficiaries.bankCheck"), (b) =>
        b.removed_at ? (
          <Status value="REMOVED" />
        ) : (
          <Status
            value={b.bank_account_verified ? "verified" : "PENDING"}
            label={
              b.bank_account_verified
                ? b.name_check
                  ? t("svc.beneficiaries.verifiedName", { check: b.name_check })
                  : t("svc.accounts.verified")
                : t("svc.beneficiaries.unverified")
            }
          />
        )
      ),
      monoColumn<Beneficiary>(
        "trigger",
        t("svc.common.triggerAddress"),
        (b) => b.trigger_address,
        10
      ),
      column<Beneficiary>("actions", "", (b) =>
        b.removed_at ? (
          <Text size="small">
            {t("svc.beneficiaries.removedAt", { at: when(b.removed_at) })}
          </Text>
        ) : (
          <RowActions>
            <ActionButton onClick={() => setOpen(b)}>
              {t("svc.common.triggerAddress")}
            </ActionButton>
            <ActionButton
              onClick={() =>
                run(t("svc.beneficiaries.verifiedWithBank"), () =>
                  svcPost(
                    `/admin/svc/beneficiaries/${b.beneficiary_id}/verify`,
                    b.name_check ? { name_check: b.name_check } : {}
                  )
                )
              }
            >
              {t("svc.beneficiaries.verify")}
            </ActionButton>
            <ConfirmButton
              variant="danger"
              title={t("svc.beneficiaries.removeTitle", { name: b.name })}
              description={t("svc.beneficiaries.removeBody")}
              confirm={t("svc.common.remove")}
              onConfirm={() =>
                run(t("svc.beneficiaries.removed"), () =>
                  svcDelete(`/admin/svc/beneficiaries/${b.beneficiary_id}`)
                )
              }
            >
              {t("svc.common.remove")}
            </ConfirmButton>
          </RowActions>
        )
      ),
    ],
    [run, t]
  )
  const payoutColumns = useMemo(
    () => [
      monoColumn<PayoutRow>(
        "payout",
        t("svc.beneficiaries.payout"),
        (p) => p.payout_id,
        8
      ),
      statusColumn<PayoutRow>(t("svc.common.status"), (p) => p.status),
      moneyColumn<PayoutRow>(
        "amount",
        t("svc.common.amount"),
        (p) => p.amount_sen
      ),
      moneyColumn<PayoutRow>("fee", t("svc.common.fee"), (p) => p.fee_sen),
      column<PayoutRow>("to", t("svc.common.to"), ({ beneficiary: b }) =>
        b ? `${b.name ?? ""} ${b.account_number ?? b.proxy_value ?? ""}` : "–"
      ),
      column<PayoutRow>(
        "order",
        t("svc.beneficiaries.refundOfOrder"),
        (p) => p.refund_of_order ?? "–"
      ),
      whenColumn<PayoutRow>(t("svc.common.created"), (p) => p.created_at),
    ],
    [t]
  )

  const register = async () => {
    setFormError(null)
    const body = {
      name: form.name.trim(),
      ...(kind === "bank"
        ? {
            bank_code: form.bank_code,
            account_number: form.account_number.trim(),
          }
        : {
            proxy_type: form.proxy_type,
            proxy_value: form.proxy_value.trim(),
          }),
      ...(form.name_check !== "none" ? { name_check: form.name_check } : {}),
    }
    const refusal = await run(
      (r: BeneficiaryRegistered) =>
        r.existing
          ? t("svc.beneficiaries.existing")
          : t("svc.beneficiaries.registered"),
      () => svcPost<BeneficiaryRegistered>("/admin/svc/beneficiaries", body)
    )
    if (refusal) setFormError(refusal)
    else setForm({ ...form, name: "", account_number: "", proxy_value: "" })
  }

  return (
    <SvcPage>
      <Section
        title={t("svc.beneficiaries.title")}
        level="h1"
        description={t("svc.beneficiaries.description")}
      >
        <div className="flex items-center gap-x-4 px-6 py-4">
          <Text weight="plus">{t("svc.beneficiaries.prefundBalance")}</Text>
          <Text data-testid="prefund-balance">
            {banks.data
              ? rm(banks.data.prefund_available_sen)
              : banks.error
                ? errorText(banks.error)
                : "…"}
          </Text>
        </div>
      </Section>

      <Section
        title={t("svc.beneficiaries.registerTitle")}
        description={t("svc.beneficiaries.registerDescription")}
      >
        <div className="grid grid-cols-2 gap-4 px-6 py-4">
          <SelectField
            id="svc-ben-kind"
            label={t("svc.beneficiaries.destination")}
            value={kind}
            onChange={(v) => setKind(v === "proxy" ? "proxy" : "bank")}
            choices={kinds}
          />
          <TextField
            id="svc-ben-name"
            label={t("svc.beneficiaries.holderName")}
            maxLength={100}
            {...bind("name")}
          />
          {kind === "bank" ? (
            <>
              <SelectField
                id="svc-ben-bank"
                label={t("svc.common.bank")}
                choices={bankChoices(banks.data?.banks)}
                placeholder={t("svc.beneficiaries.chooseBank")}
                {...bind("bank_code")}
              />
              <TextField
                id="svc-ben-account"
                label={t("svc.beneficiaries.accountDigits")}
                inputMode="numeric"
                {...bind("account_number")}
              />
            </>
          ) : (
            <>
              <SelectField
                id="svc-ben-proxy-type"
                label={t("svc.beneficiaries.proxyType")}
                {...bind("proxy_type")}
                choices={PROXY_TYPES.map(
                  ([code, key]) => [code, t(key)] as const
                )}
              />
              <TextField
                id="svc-ben-proxy-value"
                label={t("svc.beneficiaries.proxyValue")}
                {...bind("proxy_value")}
              />
            </>
          )}
          <SelectField
            id="svc-ben-namecheck"
            label={t("svc.common.nameCheck")}
            {...bind("name_check")}
            choices={nameChecks}
          />
          <div className="flex items-end">
            <Button
              size="small"
              onClick={register}
              disabled={!form.name.trim()}
            >
              {t("svc.beneficiaries.register")}
            </Button>
          </div>
          {formError && (
            <Text size="small" className="col-span-2 text-ui-fg-error">
              {formError}
            </Text>
          )}
        </div>
      </Section>

      <ListSection
        title={t("svc.beneficiaries.listTitle")}
        list={beneficiaries.list}
        columns={columns}
        empty={t("svc.beneficiaries.empty")}
      />
      <ListSection
        title={t("svc.beneficiaries.payoutsTitle")}
        list={payouts.list}
        columns={payoutColumns}
        empty={t("svc.beneficiaries.payoutsEmpty")}
      />

      <TriggerAddressDrawer
        base="/admin/svc/beneficiaries"
        owner={open && { id: open.beneficiary_id, title: open.name ?? "" }}
        ownerLabel={t("svc.beneficiaries.owner")}
        onClose={() => setOpen(null)}
      />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.beneficiaries",
  translationNs: "translation",
  rank: 4,
})

export default SvcBeneficiariesPage
