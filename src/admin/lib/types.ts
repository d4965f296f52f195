/**
 * The answers of the plugin's /admin/svc routes, each defined once for every
 * page and widget. Taken from the server's own types with `import type`
 * (erased from the admin bundle; `tsc -p src/admin/tsconfig.json` checks them),
 * with dates as the ISO strings JSON carries. Declared here only where the
 * server's type is loose: svc's own answers passed on as they come, and the
 * refund payout with its numbers masked.
 */
import type { InferTypeOf } from "@medusajs/framework/types"
import type {
  BalanceLink,
  OrderBalance,
} from "../../workflows/balance-payment-link/order-balance"
import type { LastingLink } from "../../workflows/balance-payment-link/lasting-link"
import type SvcCheckoutModel from "../../modules/svc/models/svc-checkout"
import type SvcWithdrawalModel from "../../modules/svc/models/svc-withdrawal"
import type { listBankAccounts } from "../../api/admin/svc/bank-accounts/route"
import type {
  listBeneficiaries,
  registerBeneficiary,
} from "../../api/admin/svc/beneficiaries/route"
import type { listDeposits } from "../../api/admin/svc/deposits/route"
import type { checkMissedTransaction } from "../../api/admin/svc/deposits/check-missed/route"
import type { listInboxEvents } from "../../api/hooks/svc/inbox"
import type {
  listNetworks,
  listTokenTransfers,
  sendTokenTransfer,
} from "../../workflows/transfer-tokens/token-transfers"
import type { listTrackedEvents } from "../../api/admin/svc/events/tracked/tracked-events"
import type { listAllowedSenders } from "../../api/admin/svc/trigger-addresses"
import type { DoctorReport } from "../../api/admin/svc/health/doctor"
import type { JobState } from "../../api/admin/svc/health/jobs/job-checks"
import type { ServerParams } from "../i18n/server-text"

/** A server value as JSON carries it: dates become ISO strings. */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T
/** What a server function's result looks like once a route sent it. */
type Answer<F extends (...args: never[]) => unknown> = Json<
  Awaited<ReturnType<F>>
>

/** A sentence field `K` of the server's with its code and values (src/lib/texts; null when the server's catalogue does not know it). */
export type Coded<K extends string> = { [P in `${K}_code`]?: string | null } & {
  [P in `${K}_params`]?: ServerParams | null
}

/** One line of a row's status history (src/lib/money/admin-input.ts appendEntry). */
export type HistoryEntry = {
  status: string
  at: string
  source: string
  detail?: string
} & Coded<"detail">

/** GET /admin/svc/checkouts: svc checkouts, newest first. */
export type Checkout = Omit<
  Json<InferTypeOf<typeof SvcCheckoutModel>>,
  "status_history"
> & {
  status_history: { entries?: HistoryEntry[] }
  /** MyInvois payment mode (03 Bank Transfer, 06 e-Wallet / Digital Wallet), svc's reference, time paid in Malaysian time (docs/einvoice.md) */
  payment_mode: "03" | "06" | null
  payment_mode_name: string | null
  svc_reference: string | null
  paid_at_myt: string | null
} & Coded<"attention_reason"> &
  Coded<"failure_reason">
/** GET and POST /admin/svc/orders/:order_id/einvoice. */
export type EinvoiceFlagAnswer = { order_id: string; requested: boolean }
export type CheckoutsAnswer = { checkouts: Checkout[] }

/** GET /admin/svc/orders/:id/balance and POST …/balance/payment-link. */
export type { BalanceLink, LastingLink, OrderBalance }
export type BalanceAnswer = {
  balance: OrderBalance
  payment_link: LastingLink | null
}
export type PaymentLinkAnswer = {
  link: BalanceLink
  reused: boolean
  balance: OrderBalance
  payment_link: LastingLink
}
export type SendPaymentLinkAnswer = { payment_link: LastingLink }

/** A refund payout as GET /admin/svc/payouts and POST /admin/svc/refunds give it (publicPayout: numbers masked). */
export type RefundPayout = {
  id: string
  status: string
  amount_sen: number
  fee_sen: number | null
  payout_id: string | null
  refund_id: string | null
  payment_id: string | null
  order_id: string | null
  beneficiary_name: string | null
  destination: {
    bank_code?: string
    account_number?: string
    proxy_type?: string
    proxy_value?: string
    name_check?: string
  }
  failure_reason: string | null
  attention: string | null
  attention_reason: string | null
  note: string | null
  created_at: string
} & Coded<"attention_reason"> &
  Coded<"failure_reason">
export type PayoutsAnswer = { payouts: RefundPayout[] }
export type RefundAnswer = {
  payout: RefundPayout
  message: string
} & Coded<"message">

/** GET /admin/svc/payout-banks: svc's active banks (as svc names them) and the prefund balance (sen, string). */
export type PayoutBank = { code: string; name: string }
export type PayoutBanksAnswer = {
  banks: PayoutBank[]
  prefund_available_sen: string
}

/** GET /admin/svc/bank-accounts: one cursor page of the wallet's linked bank accounts. */
export type BankAccountsAnswer = Answer<typeof listBankAccounts>
export type BankAccount = BankAccountsAnswer["bank_accounts"][number]

/** GET /admin/svc/wallet: balance (sen strings), account type, the linked bank accounts. */
export type WalletAnswer = {
  balance_sen: string
  pending_withdrawal_sen: string
  account_type: string | null
  bank_accounts: Omit<BankAccount, "trigger_address">[]
}

/** GET, POST /admin/svc/withdrawals. */
export type Withdrawal = Omit<
  Json<InferTypeOf<typeof SvcWithdrawalModel>>,
  "status_history"
>
export type WithdrawalsAnswer = { withdrawals: Withdrawal[] }
export type WithdrawalAnswer = {
  withdrawal: Withdrawal
  message: string
} & Coded<"message">

/** GET /admin/svc/deposits, GET /admin/svc/deposits/:id, POST …/redrive, POST …/check-missed. */
export type DepositsAnswer = Answer<typeof listDeposits>
export type Deposit = DepositsAnswer["deposits"][number]
export type DepositAnswer = { deposit: Deposit }
export type CheckMissedAnswer = Pick<
  Answer<typeof checkMissedTransaction>,
  "status" | "message" | "message_code" | "message_params"
>

/** GET /admin/svc/token-transfers/networks, GET and POST /admin/svc/token-transfers. */
export type Network = Answer<typeof listNetworks>[number]
export type NetworksAnswer = { networks: Network[] }
export type TokenTransfersAnswer = Answer<typeof listTokenTransfers>
export type TokenTransfer = TokenTransfersAnswer["transfers"][number]
export type TokenTransferAnswer = Omit<
  Answer<typeof sendTokenTransfer>,
  "kept" | "message"
> & { message: string } & Coded<"message">

/** GET, POST /admin/svc/beneficiaries. */
export type BeneficiariesAnswer = Answer<typeof listBeneficiaries>
export type Beneficiary = BeneficiariesAnswer["beneficiaries"][number]
export type BeneficiaryRegistered = Answer<typeof registerBeneficiary>

/** GET /admin/svc/{bank-accounts,beneficiaries}/:id/allowed-senders. */
export type AllowedSendersAnswer = Answer<typeof listAllowedSenders>

/** GET /admin/svc/prefund/payouts: every payout of the account as svc gives it (amounts in sen, strings). */
export type PrefundPayout = {
  payout_id: string
  status: string
  amount_sen: string | null
  fee_sen: string | null
  beneficiary: {
    name: string | null
    account_number: string | null
    proxy_value: string | null
  } | null
  refund_of_order: string | null
  created_at: string | null
}
export type PrefundPayoutsAnswer = {
  payouts: PrefundPayout[]
  has_more: boolean
  next_cursor: string | null
}

/** GET /admin/svc/events and /admin/svc/events/tracked, and their …/process. */
export type InboxEventsAnswer = Answer<typeof listInboxEvents>
export type InboxEvent = InboxEventsAnswer["events"][number]
export type InboxEventAnswer = { event: InboxEvent }
export type TrackedEventsAnswer = Answer<typeof listTrackedEvents>
export type TrackedEvent = TrackedEventsAnswer["events"][number]
export type TrackedEventAnswer = { event: TrackedEvent }

/** GET /admin/svc/health: the connection doctor. */
export type { DoctorReport }
export type HealthAnswer = { health: DoctorReport }
/** GET /admin/svc/health/jobs: the doctor's job checks alone (no svc call). */
export type JobsAnswer = { jobs: JobState[] }
