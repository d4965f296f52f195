import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Drawer, Heading, Input, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { SvcPage } from "../../../lib/page"
import { PagedTable, useCursorPages } from "../../../lib/paged-table"
import { useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import { TriggerAddressPanel } from "../../../lib/svc-trigger-panel"
import type { BankAccount, BankAccountsAnswer } from "../../../lib/types"

const col = createDataTableColumnHelper<BankAccount>()

/**
 * svc bank accounts (wallet area): the linked bank accounts, a cursor page at a
 * time (svc gives no total), searched by name; per account its trigger address,
 * allowed senders and the deposits that arrived on it.
 */
const SvcWalletAccountsPage = () => {
  const [search, setSearch] = useState("")
  const [query, setQuery] = useState("")
  const pages = useCursorPages()
  const page = useSvcQuery<BankAccountsAnswer>("/admin/svc/bank-accounts", { limit: 20, cursor: pages.cursor, search: query }, { keepPrevious: true })
  const [open, setOpen] = useState<BankAccount | null>(null)
  const columns = useMemo(
    () => [
      col.accessor("name", { header: "Name" }),
      col.display({ id: "bank", header: "Bank", cell: ({ row }) => row.original.bank?.name ?? "–" }),
      col.display({ id: "account", header: "Account", cell: ({ row }) => <span className="font-mono">{row.original.account_number ?? "–"}</span> }),
      col.display({
        id: "verified",
        header: "Verified",
        cell: ({ row }) => <Status value={row.original.verified ? "verified" : "not_verified"} label={row.original.verified ? "verified" : "not verified"} />,
      }),
      col.display({ id: "trigger", header: "Trigger address", cell: ({ row }) => <span className="font-mono">{row.original.trigger_address ?? "–"}</span> }),
      col.display({
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <Button size="small" variant="secondary" onClick={() => setOpen(row.original)}>
            Trigger address and senders
          </Button>
        ),
      }),
    ],
    []
  )

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">svc bank accounts</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Bank accounts linked to the svc wallet. A trigger address pays tokens sent to it out to its bank account, from allowed senders only.
            </Text>
          </div>
          <form
            role="search"
            aria-label="Bank accounts"
            className="flex gap-x-2"
            onSubmit={(e) => {
              e.preventDefault()
              pages.reset()
              setQuery(search.trim())
            }}
          >
            {/* a text field, not type="search": Medusa's search field draws its icon as an unnamed role="img" */}
            <Input size="small" aria-label="Search bank accounts by name" placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
            <Button size="small" variant="secondary" type="submit">
              Search
            </Button>
          </form>
        </div>
        {page.error && <Text className="px-6 py-4 text-ui-fg-error">{errorText(page.error)}</Text>}
        <PagedTable
          rows={page.data?.bank_accounts ?? []}
          columns={columns}
          rowId={(a) => a.id}
          isLoading={page.isLoading}
          paging={pages.paging(page.data)}
          empty={`No linked bank account${query ? ` named like "${query}"` : ""}.`}
        />
        <Drawer open={Boolean(open)} onOpenChange={(o) => !o && setOpen(null)}>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{open ? `${open.name} (${open.account_number ?? ""})` : ""}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body className="overflow-y-auto">{open && <TriggerAddressPanel base="/admin/svc/bank-accounts" ownerId={open.id} ownerLabel="this bank account" />}</Drawer.Body>
          </Drawer.Content>
        </Drawer>
      </Container>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Bank accounts", rank: 3 })

export default SvcWalletAccountsPage
