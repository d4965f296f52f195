import type { MedusaContainer } from "@medusajs/framework/types"
import { adminDeps, mask } from "../../../../lib/svc-admin/context"
import { svcCall } from "../../../../lib/svc-admin/errors"
import type { BankAccountsQuery } from "./validators"
import { answerQuery } from "../answer"

/**
 * One cursor page of the linked bank accounts, searched by name (spec: GET
 * /v1/wallet/bank-accounts; no total, iterate by `next_cursor`), numbers masked,
 * each with its trigger address if one was created from this store.
 */
export async function listBankAccounts(
  container: MedusaContainer,
  { limit, cursor, search }: BankAccountsQuery
) {
  const { client, svcModule } = adminDeps(container)
  const page = await svcCall("reading svc", () =>
    client.wallet.bankAccounts.list({
      limit,
      ...(cursor ? { cursor } : {}),
      ...(search ? { search } : {}),
    })
  )
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

/** GET /admin/svc/bank-accounts?search=&limit=&cursor=: one cursor page of linked bank accounts (numbers masked) with their trigger addresses. */
export const GET = answerQuery<BankAccountsQuery>(listBankAccounts)
