/**
 * The columns and cells the svc lists share, for PagedTable (Medusa's
 * DataTable): each column takes its id, its header and how to read a row.
 */
import {
  Button,
  Text,
  createDataTableColumnHelper,
  type DataTableColumnDef,
} from "@medusajs/ui"
import type { ReactNode } from "react"
import { rm, short, when } from "./format"
import { Status } from "./status"

type Sen = number | bigint | string | null | undefined

// Medusa's DataTable takes columns of any value type (its own signature)
export type Column<T> = DataTableColumnDef<T, any>

/** A column showing what `cell` makes of a row. */
export const column = <T,>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode
): Column<T> =>
  createDataTableColumnHelper<T>().display({
    id,
    header,
    cell: ({ row }) => cell(row.original),
  })

/** A row's status word (svc's code, shown as it is) as its badge. */
export const statusColumn = <T,>(
  header: string,
  status: (row: T) => string | null | undefined
) => column<T>("status", header, (r) => <Status value={status(r)} />)

/** An amount in sen as ringgit. */
export const moneyColumn = <T,>(
  id: string,
  header: string,
  sen: (row: T) => Sen
) => column<T>(id, header, (r) => rm(sen(r)))

/** A moment (column id "at"). */
export const whenColumn = <T,>(
  header: string,
  at: (row: T) => string | null | undefined
) => column<T>("at", header, (r) => when(at(r)))

/** A long id or address, shortened, in a fixed-width font. */
export const monoColumn = <T,>(
  id: string,
  header: string,
  value: (row: T) => string | null | undefined,
  n?: number
) => column<T>(id, header, (r) => <Mono value={value(r)} n={n} />)

/** A text that may be long: wrapped, at least 260px wide. */
export const textColumn = <T,>(
  id: string,
  header: string,
  text: (row: T) => string | null | undefined
) =>
  column<T>(id, header, (r) => (
    <Text size="small" className="min-w-[260px] whitespace-normal">
      {text(r) ?? "–"}
    </Text>
  ))

/** The row's one action (column id "actions", no header): a small secondary button. */
export const buttonColumn = <T,>(
  label: (row: T) => ReactNode,
  onClick: (row: T) => void
) =>
  column<T>("actions", "", (r) => (
    <ActionButton onClick={() => onClick(r)}>{label(r)}</ActionButton>
  ))

/** A long id or address, shortened (format.ts `short`), in a fixed-width font. */
export const Mono = ({
  value,
  n,
}: {
  value: string | null | undefined
  n?: number
}) => <span className="font-mono">{short(value, n)}</span>

/** A small secondary button, as every row action and one-click change is. */
export const ActionButton = ({
  onClick,
  children,
}: {
  onClick: () => void
  children: ReactNode
}) => (
  <Button size="small" variant="secondary" onClick={onClick}>
    {children}
  </Button>
)

/** A row's actions side by side. */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <div className="flex gap-x-2">{children}</div>
)

/**
 * A cell of two lines: the value (a text, or a badge: `badge`), and beneath
 * it a smaller grey line (`mono`: in a fixed-width font).
 */
export const TwoLines = ({
  main,
  sub,
  badge,
  mono,
}: {
  main: ReactNode
  sub: ReactNode
  badge?: boolean
  mono?: boolean
}) => (
  <div
    className={badge ? "flex flex-col items-start gap-y-1" : "flex flex-col"}
  >
    {badge ? main : <Text size="small">{main}</Text>}
    <Text
      size="xsmall"
      className={mono ? "font-mono text-ui-fg-subtle" : "text-ui-fg-subtle"}
    >
      {sub}
    </Text>
  </div>
)
