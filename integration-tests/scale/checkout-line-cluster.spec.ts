import { startCluster, type Cluster } from "../../testing/cluster"
import { readStats } from "../../testing/sandbox-stats"
import { sessionData, SVC_PROVIDERS } from "../../testing/shopper"
import { call, HttpError, StoreApi } from "../../testing/store-api"

/**
 * The checkout line (issue 50) across two Medusa servers on one Redis: carts
 * joining through either server share one line, places follow arrival, a
 * cart that leaves frees its place, and the first in line gets its checkout
 * through either server. The account allows 10 calls a minute: a few
 * checkouts fill the budget through server A; server B, which sent nothing
 * itself, must see it full (the deployment's count, not its own). The
 * minute is WINDOW_MS here, for svc's sandbox and the plugin alike (the
 * option rateLimitWindowMs): the test waits for it to free room.
 */
jest.setTimeout(240_000)
const WALLET = SVC_PROVIDERS.wallet
const WINDOW_MS = 30_000

let cluster: Cluster
let a: StoreApi
let b: StoreApi

beforeAll(async () => {
  cluster = await startCluster({
    name: "line",
    redis: true,
    instances: [
      { name: "a", mode: "server" },
      { name: "b", mode: "server" },
    ],
    sandbox: { rateLimits: { accountPerMinute: 10, windowMs: WINDOW_MS } },
    env: {
      SVC_ACCOUNT_RATE_LIMIT: "10",
      SVC_RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
    },
  })
  const at = (name: string) =>
    new StoreApi(cluster.instances.get(name)!.url, cluster.store)
  ;[a, b] = [at("a"), at("b")]
})
afterAll(() => cluster?.close())

/** POST (ask) or DELETE (leave) the cart's place through one server. */
async function line(
  api: StoreApi,
  cartId: string,
  method: "POST" | "DELETE" = "POST"
) {
  const headers = { "x-publishable-api-key": api.store.publishableKey }
  const url = `${api.baseUrl}/store/svc/carts/${cartId}/line`
  return (await call<Record<string, unknown>>(method, url, {}, headers)).json
}

type Cart = Awaited<ReturnType<StoreApi["newCart"]>>
/** A wallet payment session through one server: its checkout, or the error's message code. */
async function pay(api: StoreApi, cart: Cart) {
  try {
    const s = await api.initiateSession(
      cart.paymentCollectionId,
      WALLET,
      sessionData(WALLET, cart.cartId)
    )
    return { checkoutId: s.data.checkoutId }
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    return { status: e.status, code: JSON.parse(e.body).message_code }
  }
}

it("carts joining through either server share one line in arrival order; a leaving cart frees its place; the first gets its checkout through either server", async () => {
  // new checkouts through A and B in turn, every waiting cart taking its turn through either
  // server (a turn is a checkout there), until neither has room for the first two in line
  const waiting: Cart[] = []
  for (let i = 0; i < 12 && waiting.length < 2; i++) {
    const api = i % 2 ? b : a
    const cart = await api.newCart()
    const r = await pay(api, cart)
    if (r.code) waiting.push(cart)
    for (const w of [...waiting])
      for (const server of [a, b])
        if (
          waiting.includes(w) &&
          (await line(server, w.cartId)).status === "turn"
        ) {
          expect(await pay(server, w)).toEqual({
            checkoutId: expect.any(String),
          })
          waiting.splice(waiting.indexOf(w), 1)
        }
  }
  const [first, second] = waiting
  expect(await line(b, first!.cartId)).toMatchObject({ place: 1 })
  expect(await line(a, second!.cartId)).toMatchObject({ place: 2 })
  // later carts through either server queue behind them, in arrival order
  const [c1, c2, c3] = [await b.newCart(), await a.newCart(), await b.newCart()]
  expect(await line(b, c1.cartId)).toMatchObject({
    status: "waiting",
    place: 3,
  })
  expect(await line(a, c2.cartId)).toMatchObject({ place: 4 })
  expect(await line(b, c3.cartId)).toMatchObject({ place: 5, length: 5 })
  // asking through the other server keeps the place
  expect(await line(a, c1.cartId)).toMatchObject({ place: 3, length: 5 })
  // the first presses Cancel (through B), c2 too (through A): the others move up
  expect(await line(b, first!.cartId, "DELETE")).toEqual({ status: "left" })
  await line(a, c2.cartId, "DELETE")
  expect(await line(a, second!.cartId)).toMatchObject({ place: 1, length: 3 })
  expect(await line(b, c1.cartId)).toMatchObject({ place: 2, length: 3 })
  expect(await line(a, c3.cartId)).toMatchObject({ place: 3, length: 3 })

  // they keep asking, each through both servers in turn, until the budget's window frees
  // room: the first in line has its turn first (a later cart's turn only with it)
  const since = Date.now()
  let [turn, other]: [Record<string, unknown>, StoreApi] = [{}, a]
  for (let i = 0; turn.status !== "turn"; i++) {
    expect(Date.now() - since).toBeLessThan(WINDOW_MS + 30_000)
    await new Promise((r) => setTimeout(r, 2000))
    const [x, y] = i % 2 ? [a, b] : [b, a]
    ;[turn, other] = [await line(x, second!.cartId), y]
    const behind = [await line(x, c1.cartId), await line(y, c3.cartId)]
    if (turn.status !== "turn")
      expect(behind.map((r) => r.place)).toEqual([2, 3])
  }
  // its checkout through the server it did not ask
  expect(await pay(other, second!)).toEqual({ checkoutId: expect.any(String) })
  // its place is gone with its checkout: c1 is next
  const next = await line(a, c1.cartId)
  expect(next.status === "turn" || next.place === 1).toBe(true)
  // the shared budget kept the servers under svc's ceiling
  expect((await readStats(cluster.svc.url)).rateLimited).toBe(0)
})
