/**
 * Reading and changing through TanStack Query, as Medusa's admin docs
 * recommend: the dashboard's own QueryClientProvider wraps every route and
 * widget, so these hooks share its client. Every svc query's key starts with
 * "svc": a change invalidates them all, and every list on screen reads again.
 */
import { toast } from "@medusajs/ui"
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query"
import { useCallback } from "react"
import { svcFetch } from "./sdk"
import { useServerText } from "../../i18n/server-text"

export type SvcQueryParams = Record<
  string,
  string | number | boolean | null | undefined
>

export const SVC_KEY = "svc"

const cleanParams = (query?: SvcQueryParams) => {
  const kept: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== "") kept[k] = v
  return kept
}

/** The key useSvcQuery reads `path` under (to put an answer there that a change already gave). */
export const svcQueryKey = (path: string, query?: SvcQueryParams) =>
  [SVC_KEY, path, cleanParams(query)] as const

/** GET an admin route; read again on every visit (svc's statuses move), not retried (a refusal is shown at once). */
export function useSvcQuery<T>(
  path: string,
  query?: SvcQueryParams,
  options?: { enabled?: boolean; keepPrevious?: boolean; staleTime?: number }
) {
  return useQuery({
    queryKey: svcQueryKey(path, query),
    queryFn: ({ signal }) =>
      svcFetch<T>(path, { query: cleanParams(query), signal }),
    staleTime: options?.staleTime ?? 0,
    retry: false,
    enabled: options?.enabled ?? true,
    placeholderData: options?.keepPrevious ? keepPreviousData : undefined,
  })
}

/** POST a JSON body (or nothing) to an admin route. */
export const svcPost = <T>(path: string, body?: object) =>
  svcFetch<T>(path, { method: "POST", body })

/** DELETE an admin route. */
export const svcDelete = <T>(path: string) =>
  svcFetch<T>(path, { method: "DELETE" })

/** A change (POST or DELETE): when it is answered, or fails, every svc query reads again. */
export function useSvcMutation<V, T>(
  send: (vars: V) => Promise<T>,
  onSuccess?: (answer: T, client: QueryClient) => void
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => onSuccess?.(answer, client),
    onSettled: () => client.invalidateQueries({ queryKey: [SVC_KEY] }),
  })
}

/**
 * A one-click change (a button, or a ConfirmButton's confirmation): sends,
 * says how it went in a toast (Medusa's message when refused), and every svc
 * query reads again. `done` words the answer. Resolves to null when it was
 * made, or to Medusa's message when it was not (for a form to show beside it).
 */
export function useSvcAction() {
  const { mutateAsync, isPending } = useSvcMutation(
    (send: () => Promise<void>) => send()
  )
  const { error: errorText } = useServerText()
  const run = useCallback(
    async <T>(
      done: string | ((answer: T) => string),
      send: () => Promise<T>
    ): Promise<string | null> => {
      try {
        await mutateAsync(async () => {
          const answer = await send()
          toast.success(typeof done === "string" ? done : done(answer))
        })
        return null
      } catch (e) {
        toast.error(errorText(e))
        return errorText(e)
      }
    },
    [mutateAsync, errorText]
  )
  return { run, isPending }
}
