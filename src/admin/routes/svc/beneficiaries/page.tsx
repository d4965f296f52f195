import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { PayoutBankSelect } from "../../../lib/bank-select"
import { ActionButton, column, moneyColumn, monoColumn, RowActions, statusColumn, whenColumn } from "../../../lib/columns"
import { ConfirmButton } from "../../../lib/confirm-button"
import { Field, SelectField, TextField } from "../../../lib/fields"
import { rm, when } from "../../../lib/format"
import { ListSection, SectionHeader, useCursorList, useOffsetList } from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import { svcDelete, svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import { TriggerAddressDrawer } from "../../../lib/svc-trigger-panel"
import type { BeneficiariesAnswer, Beneficiary, BeneficiaryRegistered, PayoutBanksAnswer, PrefundPayout, PrefundPayoutsAnswer } from "../../../lib/types"

const PROXY_TYPES = [
  ["MOBILE", "Mobile number"],
  ["NRIC", "NRIC"],
  ["PASSPORT", "Passport"],
  ["BRN", "Business registration"],
  ["ARMY", "Army number"],
] as const
const KINDS = [
  ["bank", "Bank account"],
  ["proxy", "DuitNow proxy"],
] as const
const NAME_CHECKS = [
  ["none", "None (bank check only)"],
  ["strict", "Strict (as on the identity card)"],
  ["loose", "Loose (reordered or partial names)"],
] as const

/**
 * svc beneficiaries (payout area): the prefund balance and every payout,
 * beneficiaries registered from this store (svc has no list route), register
 * (bank account or DuitNow proxy, optional name check), verify, remove, and
 * each one's trigger address and allowed senders.
 */
const SvcBeneficiariesPage = () => {
  const beneficiaries = useOffsetList<BeneficiariesAnswer, Beneficiary>("/admin/svc/beneficiaries", (a) => a.beneficiaries, 10)
  const banks = useSvcQuery<PayoutBanksAnswer>("/admin/svc/payout-banks")
  const payouts = useCursorList<PrefundPayoutsAnswer, PrefundPayout>("/admin/svc/prefund/payouts", (a) => a.payouts, 10)
  const { run } = useSvcAction()
  const [kind, setKind] = useState<"bank" | "proxy">("bank")
  const [form, setForm] = useState({ name: "", bank_code: "", account_number: "", proxy_type: "MOBILE", proxy_value: "", name_check: "none" })
  const [formError, setFormError] = useState<string | null>(null)
  const [open, setOpen] = useState<Beneficiary | null>(null)

  const columns = useMemo(
    () => [
      column<Beneficiary>("name", "Name", (b) => b.name),
      column<Beneficiary>("destination", "Destination", (b) =>
        b.kind === "BANK_ACCOUNT" ? `${b.bank_code} ${b.account_number_masked}` : `DuitNow ${b.proxy_type} ${b.proxy_value_masked}`
      ),
      column<Beneficiary>("verified", "Bank check", (b) =>
        b.removed_at ? (
          <Status value="REMOVED" />
        ) : (
          <Status
            value={b.bank_account_verified ? "verified" : "PENDING"}
            label={b.bank_account_verified ? `verified${b.name_check ? ` (${b.name_check} name)` : ""}` : "unverified"}
          />
        )
      ),
      monoColumn<Beneficiary>("trigger", "Trigger address", (b) => b.trigger_address, 10),
      column<Beneficiary>("actions", "", (b) =>
        b.removed_at ? (
          <Text size="small">removed {when(b.removed_at)}</Text>
        ) : (
          <RowActions>
            <ActionButton onClick={() => setOpen(b)}>Trigger address</ActionButton>
            <ActionButton
              onClick={() => run("Verified with the bank", () => svcPost(`/admin/svc/beneficiaries/${b.beneficiary_id}/verify`, b.name_check ? { name_check: b.name_check } : {}))}
            >
              Verify
            </ActionButton>
            <ConfirmButton
              variant="danger"
              title={`Remove ${b.name}?`}
              description="svc removes the beneficiary and deactivates its trigger address. (The removal route is assumed: the spec names it without a path.)"
              confirm="Remove"
              onConfirm={() => run("Beneficiary removed", () => svcDelete(`/admin/svc/beneficiaries/${b.beneficiary_id}`))}
            >
              Remove
            </ConfirmButton>
          </RowActions>
        )
      ),
    ],
    [run]
  )
  const payoutColumns = useMemo(
    () => [
      monoColumn<PrefundPayout>("payout", "Payout", (p) => p.payout_id, 8),
      statusColumn<PrefundPayout>((p) => p.status),
      moneyColumn<PrefundPayout>("amount", "Amount", (p) => p.amount_sen),
      moneyColumn<PrefundPayout>("fee", "Fee", (p) => p.fee_sen),
      column<PrefundPayout>("to", "To", ({ beneficiary: b }) => (b ? `${b.name ?? ""} ${b.account_number ?? b.proxy_value ?? ""}` : "–")),
      column<PrefundPayout>("order", "Refund of order", (p) => p.refund_of_order ?? "–"),
      whenColumn<PrefundPayout>("Created", (p) => p.created_at),
    ],
    []
  )

  const register = async () => {
    setFormError(null)
    const body = {
      name: form.name.trim(),
      ...(kind === "bank" ? { bank_code: form.bank_code, account_number: form.account_number.trim() } : { proxy_type: form.proxy_type, proxy_value: form.proxy_value.trim() }),
      ...(form.name_check !== "none" ? { name_check: form.name_check } : {}),
    }
    const refusal = await run(
      (r: BeneficiaryRegistered) => (r.existing ? "Already registered: the existing beneficiary is kept" : "Beneficiary registered"),
      () => svcPost<BeneficiaryRegistered>("/admin/svc/beneficiaries", body)
    )
    if (refusal) setFormError(refusal)
    else setForm({ ...form, name: "", account_number: "", proxy_value: "" })
  }

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <SectionHeader title="svc beneficiaries and prefund" level="h1" description="Payouts are paid from the prefund balance (topped up by bank transfer in svc's dashboard)." />
        <div className="flex items-center gap-x-4 px-6 py-4">
          <Text weight="plus">Prefund balance</Text>
          <Text data-testid="prefund-balance">{banks.data ? rm(banks.data.prefund_available_sen) : banks.error ? errorText(banks.error) : "…"}</Text>
        </div>
      </Container>

      <Container className="divide-y p-0">
        <SectionHeader title="Register a beneficiary" description="svc checks every beneficiary with the bank; with a name check, the name must match the account holder's." />
        <div className="grid grid-cols-2 gap-4 px-6 py-4">
          <SelectField id="svc-ben-kind" label="Destination" value={kind} onValueChange={(v) => setKind(v === "proxy" ? "proxy" : "bank")} choices={KINDS} />
          <TextField id="svc-ben-name" label="Account holder's name" value={form.name} maxLength={100} onChange={(name) => setForm({ ...form, name })} />
          {kind === "bank" ? (
            <>
              <Field id="svc-ben-bank" label="Bank">
                <PayoutBankSelect
                  id="svc-ben-bank"
                  value={form.bank_code}
                  onValueChange={(bank_code) => setForm({ ...form, bank_code })}
                  banks={banks.data?.banks}
                  placeholder="Choose a bank"
                />
              </Field>
              <TextField
                id="svc-ben-account"
                label="Account number (digits only)"
                inputMode="numeric"
                value={form.account_number}
                onChange={(account_number) => setForm({ ...form, account_number })}
              />
            </>
          ) : (
            <>
              <SelectField
                id="svc-ben-proxy-type"
                label="Proxy type"
                value={form.proxy_type}
                onValueChange={(proxy_type) => setForm({ ...form, proxy_type })}
                choices={PROXY_TYPES}
              />
              <TextField id="svc-ben-proxy-value" label="Proxy value" value={form.proxy_value} onChange={(proxy_value) => setForm({ ...form, proxy_value })} />
            </>
          )}
          <SelectField id="svc-ben-namecheck" label="Name check" value={form.name_check} onValueChange={(name_check) => setForm({ ...form, name_check })} choices={NAME_CHECKS} />
          <div className="flex items-end">
            <Button size="small" onClick={register} disabled={!form.name.trim()}>
              Register
            </Button>
          </div>
          {formError && (
            <Text size="small" className="col-span-2 text-ui-fg-error">
              {formError}
            </Text>
          )}
        </div>
      </Container>

      <ListSection title="Beneficiaries registered from this store" list={beneficiaries.list} columns={columns} rowId={(b) => b.id} empty="No beneficiary registered yet" />
      <ListSection title="Payouts (all, not only refunds)" list={payouts.list} columns={payoutColumns} rowId={(p) => p.payout_id} empty="No payout yet" />

      <TriggerAddressDrawer
        base="/admin/svc/beneficiaries"
        owner={open && { id: open.beneficiary_id, title: open.name ?? "" }}
        ownerLabel="this beneficiary"
        onClose={() => setOpen(null)}
      />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Beneficiaries", rank: 4 })

export default SvcBeneficiariesPage
