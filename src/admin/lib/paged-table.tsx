/**
 * Every svc list: Medusa's DataTable, a page at a time, whichever way the
 * route pages. `rows` is the page to show, except with no `paging` at all,
 * where rows already loaded (the routes answer at most 200) are paged here.
 * - offset: a route with limit/offset and a count (useOffsetPages);
 * - cursor: svc's own lists, forward only and without a total (useCursorPages).
 */
import {
  Button,
  DataTable,
  useDataTable,
  type DataTableColumnDef,
  type DataTablePaginationState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useSvcT } from "./i18n"

export type OffsetPaging = {
  kind: "offset"
  count: number
  pagination: DataTablePaginationState
  onPagination: (p: DataTablePaginationState) => void
}
export type CursorPaging = {
  kind: "cursor"
  hasMore: boolean
  canPrevious: boolean
  onNext: () => void
  onPrevious: () => void
}

/** limit/offset paging state, and the query for the route. */
export function useOffsetPages(pageSize = 10) {
  const [pagination, setPagination] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize,
  })
  return {
    pagination,
    setPagination,
    query: {
      limit: pagination.pageSize,
      offset: pagination.pageIndex * pagination.pageSize,
    },
    paging: (count: number): OffsetPaging => ({
      kind: "offset",
      count,
      pagination,
      onPagination: setPagination,
    }),
    reset: () => setPagination((p) => ({ ...p, pageIndex: 0 })),
  }
}

/** Cursor paging: the cursors of the pages seen, for Previous (svc pages forward only). */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  return {
    cursor: cursors[cursors.length - 1] ?? undefined,
    reset: () => setCursors([null]),
    paging: (
      page: { has_more: boolean; next_cursor: string | null } | undefined
    ): CursorPaging => ({
      kind: "cursor",
      hasMore: Boolean(page?.has_more && page.next_cursor),
      canPrevious: cursors.length > 1,
      onNext: () =>
        page?.next_cursor && setCursors([...cursors, page.next_cursor]),
      onPrevious: () => setCursors(cursors.slice(0, -1)),
    }),
  }
}

/** Rows have an id: the table's row id. */
export type PagedTableProps<T extends { id: string }> = {
  rows: T[]
  // Medusa's DataTable takes columns of any value type (its own signature)
  columns: DataTableColumnDef<T, any>[]
  empty: string
  isLoading?: boolean
  paging?: OffsetPaging | CursorPaging
  pageSize?: number
}

export function PagedTable<T extends { id: string }>({
  rows,
  columns,
  empty,
  isLoading,
  paging,
  pageSize = 10,
}: PagedTableProps<T>) {
  const { t } = useSvcT()
  // Medusa UI's pagination words default to English: Medusa's own words for them, as its dashboard passes
  const pages = {
    of: t("general.of"),
    results: t("general.results"),
    pages: t("general.pages"),
    prev: t("general.prev"),
    next: t("general.next"),
  }
  const [local, setLocal] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize,
  })
  const offset = paging?.kind === "offset" ? paging : null
  const pagination = offset ? offset.pagination : local
  const data = useMemo(
    () =>
      paging
        ? rows
        : rows.slice(
            local.pageIndex * local.pageSize,
            (local.pageIndex + 1) * local.pageSize
          ),
    [paging, rows, local]
  )
  const table = useDataTable({
    data,
    columns,
    getRowId: (row) => row.id,
    rowCount: offset ? offset.count : rows.length,
    isLoading: Boolean(isLoading),
    ...(paging?.kind === "cursor"
      ? {}
      : {
          pagination: {
            state: pagination,
            onPaginationChange: offset ? offset.onPagination : setLocal,
          },
        }),
  })
  return (
    <DataTable instance={table}>
      <DataTable.Table emptyState={{ empty: { heading: empty } }} />
      {offset && <DataTable.Pagination translations={pages} />}
      {!paging && rows.length > pageSize && (
        <DataTable.Pagination translations={pages} />
      )}
      {paging?.kind === "cursor" && (paging.canPrevious || paging.hasMore) && (
        <div className="flex justify-end gap-x-2 px-6 py-4">
          {(
            [
              ["svc.common.previous", !paging.canPrevious, paging.onPrevious],
              ["svc.common.next", !paging.hasMore, paging.onNext],
            ] as const
          ).map(([word, disabled, onClick]) => (
            <Button
              key={word}
              size="small"
              variant="secondary"
              disabled={disabled}
              onClick={onClick}
            >
              {t(word)}
            </Button>
          ))}
        </div>
      )}
    </DataTable>
  )
}
