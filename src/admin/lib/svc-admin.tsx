/**
 * Shared pieces of the admin pages for the rest of svc (bank accounts,
 * beneficiaries, deposits, token transfers, events): the calls to the
 * plugin's /admin/svc routes (session cookie, Medusa's error message kept),
 * status badges, a confirmation prompt and a server-paged DataTable, all on
 * @medusajs/ui.
 */
import { Button, DataTable, Prompt, StatusBadge, useDataTable, type DataTableColumnDef, type DataTablePaginationState } from "@medusajs/ui"
import { useCallback, useEffect, useState, type ReactNode } from "react"

export async function svcAdmin<T>(path: string, init?: { method?: "GET" | "POST" | "DELETE"; body?: unknown }): Promise<T> {
  const r = await fetch(path, {
    method: init?.method ?? "GET",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const j = await r.json().catch(() => ({}))
  if (!r.ok) throw Object.assign(new Error((j as { message?: string })?.message ?? r.statusText), { status: r.status })
  return j as T
}

/** Medusa answered 4xx: the request was refused as it stands (not a lost answer). */
export const refused = (e: unknown) => {
  const s = (e as { status?: number })?.status
  return typeof s === "number" && s >= 400 && s < 500
}

export const errorText = (e: unknown) => String((e as Error)?.message ?? e)

/** Sen (integer or string) as "RM 1,234.50"; exact for any size (no floating point). */
export function rm(sen: number | string | null | undefined): string {
  if (sen === null || sen === undefined || sen === "") return "–"
  const s = String(sen)
  if (!/^-?\d+$/.test(s)) return s
  const neg = s.startsWith("-")
  const d = (neg ? s.slice(1) : s).padStart(3, "0")
  const whole = d.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${neg ? "-" : ""}RM ${whole}.${d.slice(-2)}`
}

/**
 * A token amount in its smallest unit as ringgit (1 token = 1 MYR, spec), exact
 * (string arithmetic), to the sen; null when the token's decimals are unknown.
 */
export function tokenRm(amount: string, decimals: number | null | undefined): string | null {
  if (decimals === null || decimals === undefined || !/^\d+$/.test(amount)) return null
  const d = amount.padStart(decimals + 1, "0")
  const whole = d.slice(0, d.length - decimals) || "0"
  const frac = d.slice(d.length - decimals).padEnd(2, "0")
  const sen = BigInt(whole) * 100n + BigInt(frac.slice(0, 2) || "0")
  const rest = frac.slice(2).replace(/0+$/, "")
  return `${rm(sen.toString())}${rest ? " and a fraction of a sen" : ""}`
}

export const short = (v: string | null | undefined, n = 10) => (!v ? "–" : v.length > n + 4 ? `${v.slice(0, n)}…${v.slice(-4)}` : v)
export const when = (v: string | null | undefined) => (v ? new Date(v).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" }) : "–")

type Color = "green" | "red" | "orange" | "blue" | "grey"
const GREEN = ["COMPLETED", "SETTLED", "applied", "recorded", "unchanged", "ACTIVE", "active", "verified"]
const RED = ["FAILED", "REJECTED", "CANCELLED", "REVERSED", "RETURNED", "NOT_SENT", "failed", "unknown_resource"]
const ORANGE = ["UNCERTAIN", "PROCESSING", "PENDING", "CREATED", "INITIATED", "ignored_after_completed", "received"]
export function statusColor(s: string | null | undefined): Color {
  if (!s) return "grey"
  if (GREEN.includes(s)) return "green"
  if (RED.includes(s)) return "red"
  if (ORANGE.includes(s)) return "orange"
  return "grey"
}
export const Status = ({ value, label }: { value: string | null | undefined; label?: string }) => (
  <StatusBadge color={statusColor(value)}>{label ?? value ?? "–"}</StatusBadge>
)

/** Load data once and on demand; errors kept for the page to show. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const reload = useCallback(async () => {
    setLoading(true)
    try {
      setData(await load())
      setError(null)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  useEffect(() => {
    void reload()
  }, [reload])
  return { data, error, loading, reload }
}

/** A button that asks first (Prompt), then runs the action. */
export function ConfirmButton({
  title,
  description,
  confirm,
  onConfirm,
  children,
  variant = "secondary",
  disabled,
  size = "small",
}: {
  title: string
  description: ReactNode
  confirm: string
  onConfirm: () => Promise<void> | void
  children: ReactNode
  variant?: "primary" | "secondary" | "danger" | "transparent"
  disabled?: boolean
  size?: "small" | "base"
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <Prompt open={open} onOpenChange={setOpen} variant={variant === "danger" ? "danger" : "confirmation"}>
      <Prompt.Trigger asChild>
        <Button size={size} variant={variant} disabled={disabled || busy}>
          {children}
        </Button>
      </Prompt.Trigger>
      <Prompt.Content>
        <Prompt.Header>
          <Prompt.Title>{title}</Prompt.Title>
          <Prompt.Description>{description}</Prompt.Description>
        </Prompt.Header>
        <Prompt.Footer>
          <Prompt.Cancel>Cancel</Prompt.Cancel>
          <Prompt.Action
            onClick={async () => {
              setBusy(true)
              try {
                await onConfirm()
              } finally {
                setBusy(false)
                setOpen(false)
              }
            }}
          >
            {confirm}
          </Prompt.Action>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}

/** Medusa's DataTable over a page the server answered (`count` rows in all, `limit`/`offset` paging). */
export function ServerTable<T>({
  rows,
  count,
  columns,
  rowId,
  pagination,
  onPagination,
  empty,
  isLoading,
}: {
  rows: T[]
  count: number
  columns: DataTableColumnDef<T, any>[]
  rowId: (row: T) => string
  pagination: DataTablePaginationState
  onPagination: (p: DataTablePaginationState) => void
  empty: string
  isLoading?: boolean
}) {
  const table = useDataTable({
    data: rows,
    columns,
    getRowId: rowId,
    rowCount: count,
    isLoading: Boolean(isLoading),
    pagination: { state: pagination, onPaginationChange: onPagination },
  })
  return (
    <DataTable instance={table}>
      <DataTable.Table emptyState={{ empty: { heading: empty } }} />
      <DataTable.Pagination />
    </DataTable>
  )
}

export const pageQuery = (p: DataTablePaginationState) => `limit=${p.pageSize}&offset=${p.pageIndex * p.pageSize}`
