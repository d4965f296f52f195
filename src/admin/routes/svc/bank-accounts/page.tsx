import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Input } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { buttonColumn, column } from "../../../lib/columns"
import { useSvcT } from "../../../lib/i18n"
import { ListPage, useCursorList } from "../../../lib/list-section"
import { Status } from "../../../lib/status"
import { TriggerAddressDrawer } from "../../../lib/svc-trigger-panel"
import type { BankAccount, BankAccountsAnswer } from "../../../lib/types"

/**
 * svc bank accounts (wallet area): the linked bank accounts, a cursor page at a
 * time (svc gives no total), searched by name; per account its trigger address,
 * allowed senders and the deposits that arrived on it.
 */
const SvcWalletAccountsPage = () => {
  const { t } = useSvcT()
  const [search, setSearch] = useState("")
  const [query, setQuery] = useState("")
  const accounts = useCursorList<BankAccountsAnswer, BankAccount>(
    "/admin/svc/bank-accounts",
    (a) => a.bank_accounts,
    20,
    { search: query }
  )
  const [open, setOpen] = useState<BankAccount | null>(null)
  const columns = useMemo(
    () => [
      column<BankAccount>("name", t("svc.common.name"), (a) => a.name),
      column<BankAccount>(
        "bank",
        t("svc.common.bank"),
        (a) => a.bank?.name ?? "–"
      ),
      column<BankAccount>("account", t("svc.common.account"), (a) => (
        <span className="font-mono">{a.account_number ?? "–"}</span>
      )),
      column<BankAccount>("verified", t("svc.accounts.verifiedHeader"), (a) => (
        <Status
          value={a.verified ? "verified" : "not_verified"}
          label={
            a.verified
              ? t("svc.accounts.verified")
              : t("svc.accounts.notVerified")
          }
        />
      )),
      column<BankAccount>("trigger", t("svc.common.triggerAddress"), (a) => (
        <span className="font-mono">{a.trigger_address ?? "–"}</span>
      )),
      buttonColumn<BankAccount>(
        () => t("svc.accounts.triggerAndSenders"),
        setOpen
      ),
    ],
    [t]
  )

  return (
    <ListPage
      title={t("svc.accounts.title")}
      description={t("svc.accounts.description")}
      aside={
        <form
          role="search"
          aria-label={t("svc.nav.bankAccounts")}
          className="flex gap-x-2"
          onSubmit={(e) => {
            e.preventDefault()
            accounts.reset()
            setQuery(search.trim())
          }}
        >
          {/* a text field, not type="search": Medusa's search field draws its icon as an unnamed role="img" */}
          <Input
            size="small"
            aria-label={t("svc.accounts.searchLabel")}
            placeholder={t("svc.accounts.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button size="small" variant="secondary" type="submit">
            {t("svc.accounts.search")}
          </Button>
        </form>
      }
      list={accounts.list}
      columns={columns}
      empty={
        query
          ? t("svc.accounts.emptyNamed", { query })
          : t("svc.accounts.empty")
      }
    >
      <TriggerAddressDrawer
        base="/admin/svc/bank-accounts"
        owner={
          open && {
            id: open.id,
            title: `${open.name} (${open.account_number ?? ""})`,
          }
        }
        ownerLabel={t("svc.accounts.owner")}
        onClose={() => setOpen(null)}
      />
    </ListPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.bankAccounts",
  translationNs: "translation",
  rank: 3,
})

export default SvcWalletAccountsPage
