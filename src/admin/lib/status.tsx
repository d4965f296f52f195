import { StatusBadge } from "@medusajs/ui"

type Color = "green" | "red" | "orange" | "grey" | "blue"

// svc's final good statuses, its failures, and what is still moving (spec: States)
const GOOD = new Set(["COMPLETED", "SETTLED", "ACTIVE", "ok"])
const BAD = new Set(["FAILED", "CANCELLED", "REJECTED", "EXPIRED", "CREATE_FAILED", "REVERSED", "RETURNED", "fail"])
const IDLE = new Set(["CREATING", "REQUESTED"])

export function statusColor(status: string): Color {
  if (GOOD.has(status)) return "green"
  if (BAD.has(status)) return "red"
  if (IDLE.has(status)) return "grey"
  return "orange"
}

/** A status the way Medusa's own lists show one: a dot and the word. */
export const SvcStatus = ({ status, label }: { status: string; label?: string }) => (
  <StatusBadge color={statusColor(status)}>{label ?? status}</StatusBadge>
)
