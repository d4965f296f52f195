import Medusa from "@medusajs/js-sdk"
import { svcMedusaSuite } from "../helpers/suite"
import {
  startSvcPayment,
  svcLineText,
  type SvcLineWait,
} from "../../packages/storefront/src"
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

    it("the storefront kit's startSvcPayment waits in line (its place, Cancel leaves it) and starts the payment at the turn", async () => {
      const sdk = new Medusa({
        baseUrl: svc.ref.medusaUrl,
        publishableKey: store.publishableKey,
      })
      const cart = async () => {
        const { cartId } = await createCart(api, store)
        return (await sdk.store.cart.retrieve(cartId)).cart
      }
      const wallet = { providerId: SVC_PROVIDERS.wallet }
      // the carts of the earlier tests gone from the line (15 s without asking)
      const probe = (await createCart(api, store)).cartId
      await waitFor(
        async () => {
          const r = (await line(probe)).body
          return r.status === "turn" || r.length <= 1
        },
        "an empty line",
        60_000
      )
      await line(probe, "DELETE")
      // new payments until the budget has no room: then the kit's cart waits in line
      const first: SvcLineWait[] = []
      let a: Promise<{ redirectUrl: string }> | undefined
      let aCart = ""
      for (let i = 0; i < 8 && !a; i++) {
        const c = await cart()
        let inLine!: () => void
        const waited = new Promise<void>((r) => (inLine = () => r()))
        const p = startSvcPayment(sdk, c, wallet, {
          onWait: (w) => {
            first.push(w)
            inLine()
          },
        })
        if (await Promise.race([p.then(() => false), waited.then(() => true)]))
          [a, aCart] = [p, c.id]
      }
      expect(first[0]).toMatchObject({ status: "waiting", place: 1 })
      expect(svcLineText(first[0]!, { locale: "en" })).toMatch(
        /^You are 1st in line, about \d+ (seconds|minutes?)\.$/
      )
      // a second shopper behind, who cancels: the place goes
      const second = await cart()
      const seen: SvcLineWait[] = []
      const leave = new AbortController()
      const b = startSvcPayment(sdk, second, wallet, {
        signal: leave.signal,
        onWait: (w) => seen.push(w),
      }).catch((e: unknown) => e)
      await waitFor(async () => seen[0], "the second shopper's place")
      expect(seen[0]).toMatchObject({ status: "waiting", place: 2, length: 2 })
      leave.abort("cancelled")
      expect(await b).toBe("cancelled")
      const after = (await line(aCart)).body
      // the first shopper is alone again (or has its turn)
      expect(after.status === "turn" || after.length === 1).toBe(true)
      // at its turn the first shopper's payment starts by itself
      const { redirectUrl } = await a!
      expect(redirectUrl).toMatch(/^https?:\/\//)
    })
  },
})
