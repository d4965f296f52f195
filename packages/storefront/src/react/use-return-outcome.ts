import { useEffect, useRef, useState, type DependencyList } from "react"

/**
 * A return page's state: `loading`, then what `complete` shows on the way, then
 * its outcome, which `onResult` hears once. `complete` runs once per `key` (the
 * payment being returned from), also under React's StrictMode double effects.
 */
export function useReturnOutcome<R>(
  key: string,
  onResult: ((result: R) => void) | undefined,
  complete: (show: (state: R) => void) => Promise<R>,
  deps: DependencyList
): { kind: "loading" } | R {
  const [state, setState] = useState<{ kind: "loading" } | R>({
    kind: "loading",
  })
  const started = useRef<string | null>(null)
  const onResultRef = useRef(onResult)
  onResultRef.current = onResult

  useEffect(() => {
    if (started.current === key) return
    started.current = key
    complete(setState).then((r) => {
      setState(r)
      onResultRef.current?.(r)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}
