// The line for svc's checkout budget in the kit: what a shopper reads of a wait in each
// language, and how often the line is asked (the store's answers in order, on jest's clock).
// The HTTP route itself: integration-tests/storefront/kit.spec.ts and the browser test.
import {
  svcLineText,
  waitForSvcTurn,
  SvcStoreError,
  type StoreSdk,
  type SvcLineWait,
} from "../index.js"
import { nextAskSeconds } from "../line.js"

/** A store answering the line's asks in order (an Error: the SDK's FetchError), recording each call. */
function store(answers: (object | Error)[]) {
  const calls: { method: string; at: number }[] = []
  const sdk = {
    client: {
      fetch: async (_path: string, init?: { method?: string }) => {
        calls.push({ method: init?.method ?? "GET", at: Date.now() })
        if (init?.method === "DELETE") return { status: "left" }
        const a = answers.shift() ?? { status: "turn" }
        if (a instanceof Error) throw a
        return a
      },
    },
  } as unknown as StoreSdk
  return { sdk, calls }
}
const waiting = (place: number, wait_seconds: number): SvcLineWait => ({
  status: "waiting",
  place,
  length: place,
  wait_seconds,
})
const httpError = (status: number, message: string) =>
  Object.assign(new Error(message), { status })

describe("what a shopper reads of a wait", () => {
  it.each([
    [1, 3, "You are 1st in line, about 5 seconds."],
    [2, 12, "You are 2nd in line, about 15 seconds."],
    [3, 40, "You are 3rd in line, about 40 seconds."],
    [11, 41, "You are 11th in line, about 45 seconds."],
    [22, 89, "You are 22nd in line, about 90 seconds."],
    [37, 90, "You are 37th in line, about 2 minutes."],
    [101, 150, "You are 101st in line, about 3 minutes."],
  ])("English: place %d, %d s", (place, wait, said) => {
    expect(svcLineText(waiting(place, wait), { locale: "en" })).toBe(said)
  })
  it("Malay and Chinese, and the full line", () => {
    const w = waiting(37, 37)
    expect(svcLineText(w, { locale: "ms" })).toBe(
      "Anda berada di tempat ke-37 dalam barisan, kira-kira 40 saat lagi."
    )
    expect(svcLineText(w, { locale: "zh-CN" })).toBe(
      "您在队列中排第 37 位，大约还需 40 秒。"
    )
    expect(
      svcLineText({ status: "full", retry_after_seconds: 60 }, { locale: "en" })
    ).toBe(
      "The line for payments is full right now; we will ask again in 60 seconds. Nothing was charged."
    )
    expect(svcLineText(waiting(1, 61), { locale: "ms" })).toBe(
      "Anda berada di tempat ke-1 dalam barisan, kira-kira 65 saat lagi."
    )
  })
})

describe("asking the line", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("every few seconds while waiting (never slower than the 15 s a place is kept), sooner near the turn; done at the turn", async () => {
    expect(nextAskSeconds(waiting(9, 120))).toBe(4)
    expect(nextAskSeconds(waiting(1, 1))).toBe(2)
    const { sdk, calls } = store([waiting(3, 30), waiting(2, 3)])
    const seen: unknown[] = []
    let done = false
    const p = waitForSvcTurn(sdk, "cart_1", { onWait: (w) => seen.push(w) })
    p.then(() => (done = true))
    await jest.advanceTimersByTimeAsync(3_999)
    expect(calls).toHaveLength(1) // not before 4 s
    await jest.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    await jest.advanceTimersByTimeAsync(3_000) // 3 s to wait: asked again after 3
    await p
    expect(done).toBe(true)
    expect(calls.map((c) => c.method)).toEqual(["POST", "POST", "POST"])
    expect(seen).toEqual([waiting(3, 30), waiting(2, 3)])
  })

  it("a full line is asked again after its Retry-After, not before", async () => {
    const full = httpError(
      429,
      "svc: the line for payments is full right now; please come back in 30 s (nothing was charged)"
    )
    const { sdk, calls } = store([full])
    const seen: unknown[] = []
    const p = waitForSvcTurn(sdk, "cart_1", { onWait: (w) => seen.push(w) })
    await jest.advanceTimersByTimeAsync(29_999)
    expect(calls).toHaveLength(1)
    expect(seen).toEqual([{ status: "full", retry_after_seconds: 30 }])
    await jest.advanceTimersByTimeAsync(1)
    await p
    expect(calls).toHaveLength(2)
  })

  it("Cancel leaves the line (DELETE) and rejects with the reason; the store's other refusals are the kit's errors", async () => {
    const { sdk, calls } = store([waiting(2, 20), waiting(2, 20)])
    const stop = new AbortController()
    const p = waitForSvcTurn(sdk, "cart_1", { signal: stop.signal })
    const settled = p.catch((e: unknown) => e)
    await jest.advanceTimersByTimeAsync(1_000)
    stop.abort("left")
    expect(await settled).toBe("left")
    expect(calls.map((c) => c.method)).toEqual(["POST", "DELETE"])

    const limited = store([
      httpError(
        429,
        "svc: too many payment attempts from this address; try again in 14 minutes (nothing was charged)"
      ),
    ])
    const e = await waitForSvcTurn(limited.sdk, "cart_1", {
      locale: "ms",
    }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(SvcStoreError)
    expect(e).toMatchObject({ status: 429, retryAfterSeconds: 840 })
  })
})
