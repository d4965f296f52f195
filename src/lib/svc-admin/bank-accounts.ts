import { adminDeps, mask, type Container } from "./context"
import { adminSvcError } from "./errors"

/**
 * One cursor page of the linked bank accounts, searched by name (spec: GET
 * /v1/wallet/bank-accounts; no total, iterate by `next_cursor`), numbers masked,
 * each with its trigger address if one was created from this store.
 */
export async function listBankAccounts(
  container: Container,
  q: { limit: number; cursor?: string; search?: string }
) {
  const { client, svcModule } = adminDeps(container)
  let page
  try {
    page = await client.wallet.bankAccounts.list({
      limit: q.limit,
      ...(q.cursor ? { cursor: q.cursor } : {}),
      ...(q.search ? { search: q.search } : {}),
    })
  } catch (e) {
    throw adminSvcError(e, "reading svc")
  }
  const ids = page.data.map((a) => a.id)
  const triggers = ids.length
    ? await svcModule.listSvcTriggerAddresses({
        owner_type: "BANK_ACCOUNT",
        owner_id: ids,
      })
    : []
  const byOwner = new Map(triggers.map((t) => [t.owner_id, t.address]))
  return {
    bank_accounts: page.data.map((a) => ({
      id: a.id,
      name: a.name,
      account_number: mask(a.accountNumber),
      verified: a.verified,
      bank: a.bank,
      trigger_address: byOwner.get(a.id) ?? null,
    })),
    has_more: page.hasMore,
    next_cursor: page.nextCursor,
  }
}
