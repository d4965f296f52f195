/**
 * Every status word the svc pages and widgets show, one colour each, in one
 * map: green done, orange still moving (wait, or act soon), red failed or sent
 * back (act), grey ended with nothing to do, or not known. A word not in the
 * map is grey. The same badge everywhere: Medusa's StatusBadge, a dot and the word.
 */
import { StatusBadge } from "@medusajs/ui"
import { Note } from "./page"

export type StatusColor = "green" | "orange" | "red" | "grey"

export const STATUS_COLORS: Readonly<Record<string, StatusColor>> = {
  // svc's final good statuses (checkouts, withdrawals, deposits, transfers; payouts SETTLED)
  COMPLETED: "green",
  SETTLED: "green",
  PAID: "green",
  ACTIVE: "green",
  // still moving: ours before svc answered (CREATING, REQUESTED, SENDING, UNCERTAIN) and svc's
  CREATING: "orange",
  REQUESTED: "orange",
  SENDING: "orange",
  UNCERTAIN: "orange",
  CREATED: "orange",
  INITIATED: "orange",
  PENDING: "orange",
  PROCESSING: "orange",
  QUEUED: "orange",
  // failed or sent back: the money did not arrive where it was sent
  FAILED: "red",
  CREATE_FAILED: "red",
  REJECTED: "red",
  CANCELLED: "red",
  REVERSED: "red",
  RETURNED: "red",
  NOT_SENT: "red",
  // ended with nothing moved and nothing to do: an svc link that ran out, a removed beneficiary
  EXPIRED: "grey",
  REMOVED: "grey",
  // what the plugin did with an svc event (the inbox, refund-payout and settlement events)
  applied: "green",
  recorded: "green",
  updated: "green",
  unchanged: "green",
  received: "orange",
  failed: "red",
  unknown_resource: "red",
  ignored_after_completed: "grey",
  not_supported: "grey",
  unknown_payout: "grey",
  unknown_withdrawal: "grey",
  // an allowed sender, a beneficiary's bank check, a linked bank account
  active: "green",
  disabled: "grey",
  verified: "green",
  unverified: "orange",
  not_verified: "orange",
  // the connection doctor: its checks and the account's features
  ok: "green",
  warn: "orange",
  fail: "red",
  enabled: "green",
  not_enabled: "red",
  unknown: "grey",
  // a Medusa payment collection still waiting for money (an order's balance)
  not_paid: "orange",
  awaiting: "orange",
  // an attention flag: an admin has to act
  attention: "red",
}

export const statusColor = (status: string | null | undefined): StatusColor =>
  status ? (STATUS_COLORS[status] ?? "grey") : "grey"

/** A status word (its colour from STATUS_COLORS), optionally shown as other words. */
export const Status = ({
  value,
  label,
  className,
}: {
  value: string | null | undefined
  label?: string
  className?: string
}) => (
  <StatusBadge color={statusColor(value)} className={className}>
    {label ?? value ?? "–"}
  </StatusBadge>
)

/** What went wrong with a payment or payout, when anything did: its attention (in `label`'s words) and why it failed. */
export const Trouble = ({
  attention,
  label,
  failure,
}: {
  attention: string | null | undefined
  label: string
  failure: string | null
}) => (
  <>
    {attention && (
      <Status value="attention" label={label} className="whitespace-normal" />
    )}
    {failure && <Note>{failure}</Note>}
  </>
)
