// A page for the storefront kit's component tests (kit-components.ts): one
// component per `?c=` against the real Medusa app of the test through
// @medusajs/js-sdk, as a storefront would mount it. Bundled with esbuild.
import Medusa from "@medusajs/js-sdk"
import { useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { balanceReturnParams, startSvcBalancePayment, type StoreCart } from "../../packages/storefront/src"
import { FpxBankPicker, SvcBalanceReturn, SvcPaymentOptions, SvcReturn, type SvcPaymentChoice } from "../../packages/storefront/src/react"

const cfg = (window as unknown as { KIT_CONFIG: { storeUrl: string; publishableKey: string } }).KIT_CONFIG
const sdk = new Medusa({ baseUrl: cfg.storeUrl, publishableKey: cfg.publishableKey })
const q = new URLSearchParams(location.search)

function Picker() {
  const [value, setValue] = useState<string | null>(null)
  const amount = q.get("amountSen")
  return (
    <>
      <FpxBankPicker sdk={sdk} value={value} onChange={(b) => setValue(b.code)} amountSen={amount ? Number(amount) : null} />
      <output id="chosen">{value ?? ""}</output>
    </>
  )
}

function Options() {
  const [cart, setCart] = useState<StoreCart | null>(null)
  const [choice, setChoice] = useState<SvcPaymentChoice | null>(null)
  const [started, setStarted] = useState<string>("")
  useEffect(() => {
    sdk.store.cart.retrieve(q.get("cart_id")!).then(({ cart: c }) => setCart(c))
  }, [])
  if (!cart) return <p>loading cart</p>
  return (
    <>
      <SvcPaymentOptions sdk={sdk} cart={cart} onChange={setChoice} onStarted={(s) => setStarted(s.redirectUrl)} />
      <output id="choice">{choice ? JSON.stringify({ providerId: choice.providerId, ready: !!choice.input, bankType: choice.input?.bankType ?? null }) : ""}</output>
      <output id="started">{started}</output>
    </>
  )
}

function Return() {
  const cartId = q.get("cart_id")!
  if (q.get("render") === "prop") {
    return (
      <SvcReturn sdk={sdk} cartId={cartId}>
        {(s) => <p id="outcome" data-kind={s.kind}>{s.kind === "failed" ? s.reason : s.kind === "loading" || s.kind === "placing" ? "…" : s.order.id}</p>}
      </SvcReturn>
    )
  }
  return <SvcReturn sdk={sdk} cartId={cartId} pollEveryMs={q.get("poll") ? Number(q.get("poll")) : undefined} />
}

/** An order's balance: a pay button on the kit's startSvcBalancePayment (svc wallet). */
function Balance() {
  const [started, setStarted] = useState("")
  const [error, setError] = useState("")
  const pay = () =>
    startSvcBalancePayment(sdk, q.get("order_id")!, { providerId: "pp_svc-wallet_svc" }).then(
      (r) => setStarted(r.redirectUrl),
      (e: Error) => setError(e.message)
    )
  return (
    <>
      <button id="pay-balance" onClick={pay}>Pay the balance</button>
      <output id="started">{started}</output>
      <output id="error">{error}</output>
    </>
  )
}

/** The balance's return page: the ids svc's redirect brought back, read with balanceReturnParams. */
function BalanceReturn() {
  const ids = balanceReturnParams(location.search)
  if (!ids) return <p id="no-ids">no order id</p>
  return <SvcBalanceReturn sdk={sdk} orderId={ids.orderId} paymentCollectionId={ids.paymentCollectionId} waitForPaymentMs={30_000} pollEveryMs={250} />
}

const C = { picker: Picker, options: Options, return: Return, balance: Balance, "balance-return": BalanceReturn }[q.get("c") ?? "picker"] ?? Picker
createRoot(document.getElementById("root")!).render(<C />)
