import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useCallback, useMemo, useState } from "react"
import {
  ActionButton,
  column,
  monoColumn,
  RowActions,
  TwoLines,
} from "../../../lib/columns"
import { ConfirmButton } from "../../../lib/confirm-button"
import {
  ANY,
  FilterSelect,
  SelectField,
  TextField,
  unlessAny,
  useFields,
} from "../../../lib/fields"
import { rm, short, tokenRm, when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListSection, useOffsetList } from "../../../lib/list-section"
import { Note, SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/api/query"
import { svcFetch } from "../../../lib/api/sdk"
import { Status } from "../../../lib/status"
import type {
  CheckMissedAnswer,
  Deposit,
  DepositAnswer,
  DepositsAnswer,
  NetworksAnswer,
} from "../../../lib/types"
import { useServerText } from "../../../i18n/server-text"

/**
 * svc deposits (both areas): the deposits svc told us about through its
 * events (and look-ups), with the transfer each started and why not in words;
 * look one up, check a missed transaction (EVM only), redrive (COMPLETED only).
 */
const SvcDepositsPage = () => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const areas = [
    ["wallet", t("svc.deposits.wallet")],
    ["payout", t("svc.deposits.payout")],
  ] as const
  const [area, setArea] = useState(ANY)
  const [status, setStatus] = useState(ANY)
  const deposits = useOffsetList<DepositsAnswer, Deposit>(
    "/admin/svc/deposits",
    (a) => a.deposits,
    20,
    { area: unlessAny(area), status: unlessAny(status) }
  )
  const networks = useSvcQuery<NetworksAnswer>(
    "/admin/svc/token-transfers/networks",
    undefined,
    { staleTime: 5 * 60_000 }
  )
  const evmChains = (networks.data?.networks ?? []).filter(
    (n) => n.type === "EVM" && n.chain_id !== null
  )
  const decimals = useMemo(
    () =>
      new Map(
        (networks.data?.networks ?? []).flatMap((n) =>
          n.tokens.map((t) => [t.id, t.decimals] as const)
        )
      ),
    [networks.data]
  )
  const { form: lookup, bind: bindLookup } = useFields({ id: "", area: ANY })
  const { form: missed, bind: bindMissed } = useFields({
    area: "wallet",
    tx_hash: "",
    chain_id: "",
  })
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    null
  )

  const { run: send } = useSvcAction()
  /** Sends, and says the answer (or Medusa's refusal) above the list as well as in a toast. */
  const run = useCallback(
    async <T,>(say: (answer: T) => string, fn: () => Promise<T>) => {
      setMessage(null)
      const refusal = await send((answer: T) => {
        const text = say(answer)
        setMessage({ ok: true, text })
        return text
      }, fn)
      if (refusal) setMessage({ ok: false, text: refusal })
    },
    [send]
  )

  const columns = useMemo(
    () => [
      column<Deposit>("status", t("svc.common.status"), (d) => (
        <TwoLines
          main={<Status value={d.status} />}
          sub={when(d.created_at)}
          badge
        />
      )),
      column<Deposit>("to", t("svc.common.to"), (d) => (
        <TwoLines
          main={
            d.destination_name ??
            (d.trigger_address
              ? short(d.trigger_address)
              : t("svc.deposits.walletAddress"))
          }
          sub={
            d.area === "WALLET"
              ? t("svc.deposits.walletArea")
              : t("svc.deposits.payoutArea")
          }
        />
      )),
      // a deposit's amount is in the token's smallest unit (spec); the withdrawal it started is in sen
      column<Deposit>("amount", t("svc.common.amount"), (d) => {
        const token = tokenRm(
          d.amount,
          d.token_id ? decimals.get(d.token_id) : null
        )
        if (token)
          return token.fraction
            ? t("svc.deposits.fraction", { amount: token.rm })
            : token.rm
        return d.withdrawal_amount_sen
          ? rm(d.withdrawal_amount_sen)
          : t("svc.deposits.tokenUnits", { amount: d.amount })
      }),
      monoColumn<Deposit>("from", t("svc.common.from"), (d) => d.from_address),
      column<Deposit>("result", t("svc.common.result"), (d) => (
        <div className="flex min-w-[260px] max-w-[400px] flex-col whitespace-normal">
          <Text size="small">{saidOf(d, "summary")}</Text>
        </div>
      )),
      column<Deposit>("actions", "", (d) => (
        <RowActions>
          <ActionButton
            onClick={() =>
              run(
                (r: DepositAnswer) => saidOf(r.deposit, "summary"),
                () =>
                  svcFetch<DepositAnswer>(
                    `/admin/svc/deposits/${d.deposit_id}`,
                    {
                      query: {
                        area: d.area === "WALLET" ? "wallet" : "payout",
                      },
                    }
                  )
              )
            }
          >
            {t("svc.common.refresh")}
          </ActionButton>
          <ConfirmButton
            title={t("svc.deposits.redriveTitle")}
            description={t("svc.deposits.redriveBody")}
            confirm={t("svc.deposits.redrive")}
            disabled={!d.can_redrive}
            onConfirm={() =>
              run(
                (r: DepositAnswer) => saidOf(r.deposit, "summary"),
                () =>
                  svcPost<DepositAnswer>(
                    `/admin/svc/deposits/${d.deposit_id}/redrive`
                  )
              )
            }
          >
            {t("svc.deposits.redrive")}
          </ConfirmButton>
        </RowActions>
      )),
    ],
    [run, decimals, t, saidOf]
  )

  return (
    <SvcPage>
      <ListSection
        title={t("svc.deposits.title")}
        level="h1"
        description={t("svc.deposits.description")}
        aside={
          <div className="flex gap-x-2">
            <FilterSelect
              label={t("svc.common.area")}
              anyLabel={t("svc.deposits.bothAreas")}
              className="w-[200px]"
              value={area}
              onChange={(v) => (setArea(v), deposits.reset())}
              choices={[
                ["wallet", t("svc.deposits.walletFilter")],
                ["payout", t("svc.deposits.payoutFilter")],
              ]}
            />
            <FilterSelect
              label={t("svc.common.status")}
              anyLabel={t("svc.deposits.anyStatus")}
              className="w-[160px]"
              value={status}
              onChange={(v) => (setStatus(v), deposits.reset())}
              choices={["PENDING", "PROCESSING", "COMPLETED", "FAILED"]}
            />
          </div>
        }
        notice={
          message && (
            <Text
              className={`px-6 py-2 ${message.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}`}
            >
              {message.text}
            </Text>
          )
        }
        list={deposits.list}
        columns={columns}
        empty={t("svc.deposits.empty")}
      />

      <Container className="grid grid-cols-2 gap-6 px-6 py-4">
        <form
          className="flex flex-col gap-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            void run(
              (r: DepositAnswer) => saidOf(r.deposit, "summary"),
              () =>
                svcFetch<DepositAnswer>(
                  `/admin/svc/deposits/${encodeURIComponent(lookup.id.trim())}`,
                  { query: lookup.area !== ANY ? { area: lookup.area } : {} }
                )
            )
          }}
        >
          <Heading level="h2">{t("svc.deposits.lookupTitle")}</Heading>
          <TextField
            id="svc-dep-lookup-id"
            label={t("svc.deposits.depositId")}
            {...bindLookup("id")}
            placeholder={t("svc.deposits.uuidFromSvc")}
          />
          <SelectField
            id="svc-dep-lookup-area"
            label={t("svc.common.area")}
            size="small"
            {...bindLookup("area")}
            choices={[[ANY, t("svc.deposits.tryBoth")], ...areas]}
          />
          <div>
            <Button size="small" type="submit" disabled={!lookup.id.trim()}>
              {t("svc.deposits.lookup")}
            </Button>
          </div>
        </form>

        <form
          className="flex flex-col gap-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            void run(
              (r: CheckMissedAnswer) => `${r.status}: ${saidOf(r, "message")}`,
              () =>
                svcPost<CheckMissedAnswer>("/admin/svc/deposits/check-missed", {
                  area: missed.area,
                  tx_hash: missed.tx_hash.trim(),
                  chain_id: Number(missed.chain_id),
                })
            )
          }}
        >
          <Heading level="h2">{t("svc.deposits.missedTitle")}</Heading>
          <Note>{t("svc.deposits.missedExplain")}</Note>
          <TextField
            id="svc-dep-missed-tx"
            label={t("svc.deposits.txHash")}
            {...bindMissed("tx_hash")}
            placeholder={t("svc.deposits.txHashPlaceholder")}
          />
          <div className="grid grid-cols-2 gap-x-2">
            <SelectField
              id="svc-dep-missed-network"
              label={t("svc.common.network")}
              size="small"
              {...bindMissed("chain_id")}
              placeholder={t("svc.deposits.chooseEvm")}
              choices={evmChains.map(
                (n) => [String(n.chain_id), n.name] as const
              )}
            />
            <SelectField
              id="svc-dep-missed-area"
              label={t("svc.common.area")}
              size="small"
              {...bindMissed("area")}
              choices={areas}
            />
          </div>
          <div>
            <Button
              size="small"
              type="submit"
              disabled={!missed.tx_hash.trim() || !missed.chain_id}
            >
              {t("svc.deposits.check")}
            </Button>
          </div>
        </form>
      </Container>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.deposits",
  translationNs: "translation",
  rank: 5,
})

export default SvcDepositsPage
