import { z } from "@medusajs/framework/zod"
import { validationFailed } from "../errors"
import type { Result } from "../signed-api/router"

/** spec: Conventions, cursor pagination: `limit` 1-100 (default 25). */
export const pageLimit = z.coerce
  .number()
  .int("must be an integer")
  .min(1, "must be 1-100")
  .max(100, "must be 1-100")
  .default(25)

/** A query checked by `schema`; every issue is named `field: text` in one VALIDATION_FAILED. */
export function parseQuery<T extends z.ZodTypeAny>(
  schema: T,
  q: URLSearchParams
): z.infer<T> {
  const r = schema.safeParse(Object.fromEntries(q))
  if (!r.success)
    throw validationFailed(
      r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
    )
  return r.data
}

/** spec: Conventions, cursor pagination: `cursor` is the last item's id of the previous page. */
export function pageOf<T>(
  items: T[],
  idOf: (t: T) => string,
  limit: number,
  cursor?: string
) {
  let start = 0
  if (cursor) {
    const i = items.findIndex((t) => idOf(t) === cursor)
    if (i < 0) throw validationFailed("cursor: unknown cursor")
    start = i + 1
  }
  const slice = items.slice(start, start + limit)
  const hasMore = start + limit < items.length
  return {
    items: slice,
    hasMore,
    nextCursor: hasMore && slice.length ? idOf(slice[slice.length - 1]) : null,
  }
}

/** The 200 of a cursor-paged list: one page of `items`, each shown by `view`. */
export function pageResult<T>(
  items: T[],
  idOf: (t: T) => string,
  q: { limit: number; cursor?: string },
  view: (t: T) => unknown
): Result {
  const page = pageOf(items, idOf, q.limit, q.cursor)
  return {
    status: 200,
    body: {
      data: page.items.map(view),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
    },
  }
}
