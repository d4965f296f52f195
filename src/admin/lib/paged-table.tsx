import { DataTable, useDataTable, type DataTableColumnDef, type DataTablePaginationState } from "@medusajs/ui"
import { useMemo, useState } from "react"

/**
 * Medusa's DataTable over rows already loaded, a page at a time (the svc
 * routes answer at most 200 rows; paging them here keeps the page short).
 */
export function PagedTable<T>({
  rows,
  columns,
  rowId,
  pageSize = 10,
  empty,
  isLoading,
}: {
  rows: T[]
  columns: DataTableColumnDef<T, any>[]
  rowId: (row: T) => string
  pageSize?: number
  empty: string
  isLoading?: boolean
}) {
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize })
  const page = useMemo(
    () => rows.slice(pagination.pageIndex * pagination.pageSize, (pagination.pageIndex + 1) * pagination.pageSize),
    [rows, pagination]
  )
  const table = useDataTable({
    data: page,
    columns,
    getRowId: rowId,
    rowCount: rows.length,
    isLoading: !!isLoading,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })
  return (
    <DataTable instance={table}>
      <DataTable.Table emptyState={{ empty: { heading: empty } }} />
      {rows.length > pageSize && <DataTable.Pagination />}
    </DataTable>
  )
}
