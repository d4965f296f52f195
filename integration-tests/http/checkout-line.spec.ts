import { svcMedusaSuite } from "../helpers/suite"
import { createCart, SVC_PROVIDERS, waitFor } from "../helpers/store"
import { readStats, resetStats } from "../../testing/sandbox-stats"

jest.setTimeout(180_000)

/**
 * The line for svc's checkout budget (issue 50) on real Medusa: a store whose
 * account allows 10 calls a minute has room for about 4 new checkouts (each
 * leaves its settling read owed); past them a shopper keeps a place instead of
 * being told to try again. The line costs no svc call, keeps each cart's place
 * while it asks, gives a left place to the next, and is bounded.
 */
svcMedusaSuite({
  runnerEnv: { SVC_ACCOUNT_RATE_LIMIT: "10" },
  testSuite: ({ svc, api, store }) => {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
        method,
        headers: {
          ...store.headers.headers,
          "content-type": "application/json",
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return {
        status: res.status,
        headers: res.headers,
        body: await res.json(),
      }
    }
    const session = async (paymentCollectionId: string, cartId: string) =>
      call(
        "POST",
        `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
        { provider_id: SVC_PROVIDERS.wallet, data: { cart_id: cartId } }
      )
    const line = (cartId: string, method = "POST") =>
      call(method, `/store/svc/carts/${cartId}/line`)

    it("past the budget's room a shopper gets a place, keeps it while asking, and the next moves up when one leaves; no svc call", async () => {
      // new checkouts until the budget has no room: the next is told its place, not "try again"
      let refused: Awaited<ReturnType<typeof session>> | undefined
      let first = ""
      for (let i = 0; i < 8 && !refused; i++) {
        const { cartId, paymentCollectionId } = await createCart(api, store)
        const r = await session(paymentCollectionId, cartId)
        if (r.status !== 200) {
          refused = r
          first = cartId
        }
      }
      expect(refused).toBeDefined()
      expect(refused!.status).toBe(503)
      expect(refused!.body).toMatchObject({
        message_code: "error.inLine",
        message_params: { place: 1, wait: expect.any(Number) },
      })
      expect(refused!.body.message).toMatch(
        /^svc: you are number 1 in line for a payment, about \d+ s to wait/
      )

      await resetStats(svc.ref.sandbox.url)
      const second = (await createCart(api, store)).cartId
      const b = await line(second)
      expect(b.status).toBe(200)
      expect(b.body).toMatchObject({ status: "waiting", place: 2, length: 2 })
      expect(b.body.wait_seconds).toBeGreaterThan(0)
      // asking again keeps the place
      expect((await line(first)).body).toMatchObject({ place: 1, length: 2 })
      // the first shopper cancels: the second is first
      expect((await line(first, "DELETE")).body).toEqual({ status: "left" })
      expect((await line(second)).body).toMatchObject({ place: 1, length: 1 })
      expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
    })

    it("the line is bounded: past it, 429 with Retry-After; a shopper who stops asking loses the place", async () => {
      // 10 a minute: 4 checkouts a minute, a line of 3 minutes holds 12 carts
      // the carts made first, then joined at once: a cart made between two joins can take
      // longer on a busy machine than the 15 s a silent cart keeps its place
      const made: string[] = []
      for (let i = 0; i < 13; i++)
        made.push((await createCart(api, store)).cartId)
      const late = made.pop()!
      const carts: string[] = []
      for (const cartId of made)
        if ((await line(cartId)).body.status === "waiting") carts.push(cartId)
      const full = await line(late)
      expect(full.status).toBe(429)
      expect(full.body).toMatchObject({ status: "full" })
      expect(Number(full.headers.get("retry-after"))).toBe(
        full.body.retry_after_seconds
      )
      // only the last cart keeps asking: the others' places go after 15 s without a word
      const keeper = carts[carts.length - 1]!
      const alone = await waitFor(
        async () => {
          const r = await line(keeper)
          return r.body.place === 1 ? r.body : null
        },
        "the carts that stopped asking gone from the line",
        60_000
      )
      expect(alone).toMatchObject({ status: "waiting", place: 1, length: 1 })
      // an unknown or malformed cart costs nothing and keeps no place
      expect((await line("cart_01NOTACART0000000000000")).status).toBe(404)
      expect((await line("nope")).status).toBe(400)
      expect((await line(keeper)).body).toMatchObject({ place: 1, length: 1 })
    })
  },
})
