import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Badge, Button, Container, Drawer, Heading, Input, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { svcAdmin, useLoad } from "../../lib/svc-admin"
import { TriggerAddressPanel } from "../../lib/svc-trigger-panel"

type Account = { id: string; name: string; account_number: string | null; verified: boolean; bank: { code: string; name: string } | null; trigger_address: string | null }
type Page = { bank_accounts: Account[]; has_more: boolean; next_cursor: string | null }

/**
 * svc bank accounts (wallet area): the linked bank accounts, a cursor page at a
 * time (svc gives no total), searched by name; per account its trigger address,
 * allowed senders and the deposits that arrived on it.
 */
const SvcWalletAccountsPage = () => {
  const [search, setSearch] = useState("")
  const [query, setQuery] = useState("")
  // cursors of the pages seen, for "Previous" (svc pages forward only)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const cursor = cursors[cursors.length - 1]
  const page = useLoad(
    () => svcAdmin<Page>(`/admin/svc/bank-accounts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}${query ? `&search=${encodeURIComponent(query)}` : ""}`),
    [cursor, query]
  )
  const [open, setOpen] = useState<Account | null>(null)

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">svc bank accounts</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Bank accounts linked to the svc wallet. A trigger address pays tokens sent to it out to its bank account, from allowed senders only.
          </Text>
        </div>
        <form
          className="flex gap-x-2"
          onSubmit={(e) => {
            e.preventDefault()
            setCursors([null])
            setQuery(search.trim())
          }}
        >
          <Input size="small" type="search" placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button size="small" variant="secondary" type="submit">
            Search
          </Button>
        </form>
      </div>
      <div className="px-6 py-4">
        {page.error && <Text className="text-ui-fg-error">{page.error}</Text>}
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Name</Table.HeaderCell>
              <Table.HeaderCell>Bank</Table.HeaderCell>
              <Table.HeaderCell>Account</Table.HeaderCell>
              <Table.HeaderCell>Verified</Table.HeaderCell>
              <Table.HeaderCell>Trigger address</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(page.data?.bank_accounts ?? []).map((a) => (
              <Table.Row key={a.id}>
                <Table.Cell>{a.name}</Table.Cell>
                <Table.Cell>{a.bank?.name ?? "–"}</Table.Cell>
                <Table.Cell className="font-mono">{a.account_number}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={a.verified ? "green" : "grey"}>
                    {a.verified ? "verified" : "not verified"}
                  </Badge>
                </Table.Cell>
                <Table.Cell className="font-mono">{a.trigger_address ?? "–"}</Table.Cell>
                <Table.Cell>
                  <Button size="small" variant="secondary" onClick={() => setOpen(a)}>
                    Trigger address and senders
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
        {page.data && page.data.bank_accounts.length === 0 && <Text className="text-ui-fg-subtle">No linked bank account{query ? ` named like "${query}"` : ""}.</Text>}
        <div className="flex justify-end gap-x-2 pt-4">
          <Button size="small" variant="secondary" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous
          </Button>
          <Button size="small" variant="secondary" disabled={!page.data?.has_more} onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}>
            Next
          </Button>
        </div>
      </div>
      <Drawer open={Boolean(open)} onOpenChange={(o) => !o && (setOpen(null), void page.reload())}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>{open ? `${open.name} (${open.account_number})` : ""}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="overflow-y-auto">{open && <TriggerAddressPanel base="/admin/svc/bank-accounts" ownerId={open.id} ownerLabel="this bank account" />}</Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </Container>
  )
}

export const config = defineRouteConfig({ label: "svc bank accounts", icon: CreditCard })

export default SvcWalletAccountsPage
