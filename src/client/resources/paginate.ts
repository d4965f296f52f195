import type { Page } from "../schemas/common"

/** Iterate every item of every cursor page until `hasMore` is false (spec: Conventions, cursor pagination). */
export async function* paginate<T, Q extends { cursor?: string | undefined }>(
  fetchPage: (query: Q) => Promise<Page<T>>,
  query: Q
): AsyncGenerator<T, void, undefined> {
  let q = query
  for (;;) {
    const page = await fetchPage(q)
    for (const item of page.data) yield item
    if (!page.hasMore || !page.nextCursor) return
    q = { ...q, cursor: page.nextCursor }
  }
}
