/**
 * A section of an svc page (its heading, a line of what it is, what sits on
 * the right) and a list section: the same with Medusa's message when the list
 * could not be read, and the list in a PagedTable. The list hooks read an
 * admin route and hand ListSection its rows, paging and loading state.
 */
import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import {
  PagedTable,
  useCursorPages,
  useOffsetPages,
  type CursorPaging,
  type OffsetPaging,
  type PagedTableProps,
} from "./paged-table"
import { useSvcQuery, type SvcQueryParams } from "./api/query"
import { useServerText } from "../i18n/server-text"
import { Note, SvcPage } from "./page"

/** A section's heading (h1 for the page's first) and a line of what it is; `aside` on the right (filters, a search, a balance). */
export function SectionHeader({
  title,
  level = "h2",
  description,
  aside,
}: {
  title: ReactNode
  level?: "h1" | "h2"
  description?: ReactNode
  aside?: ReactNode
}) {
  return (
    <div className="flex items-center justify-between px-6 py-4">
      <div>
        <Heading level={level}>{title}</Heading>
        {description && <Note>{description}</Note>}
      </div>
      {aside}
    </div>
  )
}

/** What a list hook gives ListSection. */
export type SvcList<T> = {
  rows: T[]
  isLoading: boolean
  error: Error | null
  paging?: OffsetPaging | CursorPaging
}

/** Medusa's message for what could not be read, as a section's line; nothing without an error. */
export function ErrorLine({
  error,
  testId,
}: {
  error: unknown
  testId?: string
}) {
  const { error: errorText } = useServerText()
  return error ? (
    <Text className="px-6 py-4 text-ui-fg-error" data-testid={testId}>
      {errorText(error)}
    </Text>
  ) : null
}

type SectionProps = Parameters<typeof SectionHeader>[0] & {
  testId?: string
  /** What could not be read: its line beneath the heading. */
  error?: Error | null
  /** The error line's data-testid. */
  errorTestId?: string
  children?: ReactNode
}

/** A section of a page: its header, the error of its read if any, then what it holds. */
export const Section = ({
  testId,
  error,
  errorTestId,
  children,
  ...header
}: SectionProps) => (
  <Container className="divide-y p-0" data-testid={testId}>
    <SectionHeader {...header} />
    <ErrorLine error={error} testId={errorTestId} />
    {children}
  </Container>
)

type ListSectionProps<T extends { id: string }> = Omit<
  SectionProps,
  "error"
> & {
  list: SvcList<T>
  /** Only the error when the list could not be read (no empty table beside it). */
  hideTableOnError?: boolean
  /** A line above the table (e.g. the answer to the last action). */
  notice?: ReactNode
  /** After the table, inside the section (e.g. a row's drawer). */
  children?: ReactNode
} & Pick<PagedTableProps<T>, "columns" | "empty">

export function ListSection<T extends { id: string }>({
  list,
  hideTableOnError,
  notice,
  children,
  columns,
  empty,
  ...section
}: ListSectionProps<T>) {
  return (
    <Section {...section} error={list.error}>
      {notice}
      {!(hideTableOnError && list.error) && (
        <PagedTable
          rows={list.rows}
          paging={list.paging}
          isLoading={list.isLoading}
          columns={columns}
          empty={empty}
        />
      )}
      {children}
    </Section>
  )
}

/** A page whose first section is a list, its heading the page's h1; `more`: the sections beneath it. */
export const ListPage = <T extends { id: string }>({
  more,
  ...section
}: ListSectionProps<T> & { more?: ReactNode }) => (
  <SvcPage>
    <ListSection level="h1" {...section} />
    {more}
  </SvcPage>
)

/** The rows of a read, its state, and its paging. */
function listOf<A, T>(
  read: { data?: A; isLoading: boolean; error: Error | null },
  rowsOf: (answer: A) => T[],
  paging?: OffsetPaging | CursorPaging
): SvcList<T> {
  return {
    rows: read.data ? rowsOf(read.data) : [],
    isLoading: read.isLoading,
    error: read.error,
    paging,
  }
}

/** A list a route answers whole (at most 200 rows): PagedTable pages it. */
export function useLoadedList<A, T>(
  path: string,
  rowsOf: (answer: A) => T[],
  query?: SvcQueryParams
): SvcList<T> {
  return listOf(useSvcQuery<A>(path, query), rowsOf)
}

/** A list read a page at a time with limit/offset and a count; `reset` goes back to the first page (a filter changed). */
export function useOffsetList<A extends { count: number }, T>(
  path: string,
  rowsOf: (answer: A) => T[],
  pageSize: number,
  filters?: SvcQueryParams
) {
  const pages = useOffsetPages(pageSize)
  const read = useSvcQuery<A>(
    path,
    { ...pages.query, ...filters },
    { keepPrevious: true }
  )
  const list = listOf(read, rowsOf, pages.paging(read.data?.count ?? 0))
  return { list, reset: pages.reset }
}

/** A list svc pages with its cursors (forward only, no total); `reset` goes back to the first page. */
export function useCursorList<
  A extends { has_more: boolean; next_cursor: string | null },
  T,
>(
  path: string,
  rowsOf: (answer: A) => T[],
  pageSize: number,
  filters?: SvcQueryParams
) {
  const pages = useCursorPages()
  const read = useSvcQuery<A>(
    path,
    { limit: pageSize, cursor: pages.cursor, ...filters },
    { keepPrevious: true }
  )
  const list = listOf(read, rowsOf, pages.paging(read.data))
  return { list, reset: pages.reset }
}
