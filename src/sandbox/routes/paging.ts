import { validationFailed } from "../errors"

/** spec: Conventions, cursor pagination: `cursor` is the last item's id of the previous page. */
export function pageOf<T>(items: T[], idOf: (t: T) => string, limit: number, cursor?: string) {
  let start = 0
  if (cursor) {
    const i = items.findIndex((t) => idOf(t) === cursor)
    if (i < 0) throw validationFailed("cursor: unknown cursor")
    start = i + 1
  }
  const slice = items.slice(start, start + limit)
  const hasMore = start + limit < items.length
  return { items: slice, hasMore, nextCursor: hasMore && slice.length ? idOf(slice[slice.length - 1]) : null }
}
