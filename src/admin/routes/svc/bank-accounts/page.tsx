import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Input } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { buttonColumn, column } from "../../../lib/columns"
import { ListSection, useCursorList } from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import { Status } from "../../../lib/status"
import { TriggerAddressDrawer } from "../../../lib/svc-trigger-panel"
import type { BankAccount, BankAccountsAnswer } from "../../../lib/types"

/**
 * svc bank accounts (wallet area): the linked bank accounts, a cursor page at a
 * time (svc gives no total), searched by name; per account its trigger address,
 * allowed senders and the deposits that arrived on it.
 */
const SvcWalletAccountsPage = () => {
  const [search, setSearch] = useState("")
  const [query, setQuery] = useState("")
  const accounts = useCursorList<BankAccountsAnswer, BankAccount>("/admin/svc/bank-accounts", (a) => a.bank_accounts, 20, { search: query })
  const [open, setOpen] = useState<BankAccount | null>(null)
  const columns = useMemo(
    () => [
      column<BankAccount>("name", "Name", (a) => a.name),
      column<BankAccount>("bank", "Bank", (a) => a.bank?.name ?? "–"),
      column<BankAccount>("account", "Account", (a) => <span className="font-mono">{a.account_number ?? "–"}</span>),
      column<BankAccount>("verified", "Verified", (a) => <Status value={a.verified ? "verified" : "not_verified"} label={a.verified ? "verified" : "not verified"} />),
      column<BankAccount>("trigger", "Trigger address", (a) => <span className="font-mono">{a.trigger_address ?? "–"}</span>),
      buttonColumn<BankAccount>(() => "Trigger address and senders", setOpen),
    ],
    []
  )

  return (
    <SvcPage>
      <ListSection
        title="svc bank accounts"
        level="h1"
        description="Bank accounts linked to the svc wallet. A trigger address pays tokens sent to it out to its bank account, from allowed senders only."
        aside={
          <form
            role="search"
            aria-label="Bank accounts"
            className="flex gap-x-2"
            onSubmit={(e) => {
              e.preventDefault()
              accounts.reset()
              setQuery(search.trim())
            }}
          >
            {/* a text field, not type="search": Medusa's search field draws its icon as an unnamed role="img" */}
            <Input size="small" aria-label="Search bank accounts by name" placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
            <Button size="small" variant="secondary" type="submit">
              Search
            </Button>
          </form>
        }
        list={accounts.list}
        columns={columns}
        rowId={(a) => a.id}
        empty={`No linked bank account${query ? ` named like "${query}"` : ""}.`}
      >
        <TriggerAddressDrawer
          base="/admin/svc/bank-accounts"
          owner={open && { id: open.id, title: `${open.name} (${open.account_number ?? ""})` }}
          ownerLabel="this bank account"
          onClose={() => setOpen(null)}
        />
      </ListSection>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Bank accounts", rank: 3 })

export default SvcWalletAccountsPage
