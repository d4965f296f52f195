/**
 * Polls `probe` until it gives a truthy value, which it returns; throws "timed out waiting for
 * <what>" once `timeoutMs` have passed. For what a test cannot be told of and has to look at
 * again: a row written by another process, an order placed after a kill.
 */
export async function until<T>(
  what: string,
  probe: () =>
    Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 60_000,
  everyMs = 250
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
