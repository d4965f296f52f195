// A page for the storefront kit's component tests (kit-components.ts): one
// component per `?c=` against the real Medusa app of the test through
// @medusajs/js-sdk, as a storefront would mount it. Bundled with esbuild.
import Medusa from "@medusajs/js-sdk"
import { useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import {
  balanceReturnParams,
  isSvcProvider,
  startSvcBalancePayment,
  svcPaymentTitle,
  type StoreCart,
} from "../../packages/storefront/src"
import {
  FpxBankPicker,
  SvcBalanceReturn,
  SvcPaymentOptions,
  SvcReturn,
  type SvcKitComponents,
  type SvcPaymentChoice,
} from "../../packages/storefront/src/react"
// the Next.js starter's own Button (the fixture's copy of its modules/common/components/ui), styled by its Tailwind
import {
  Button,
  Heading,
  Text,
} from "../storefront-starter/fixture/src/modules/common/components/ui"

const cfg = (
  window as unknown as {
    KIT_CONFIG: { storeUrl: string; publishableKey: string }
  }
).KIT_CONFIG
const sdk = new Medusa({
  baseUrl: cfg.storeUrl,
  publishableKey: cfg.publishableKey,
})
const q = new URLSearchParams(location.search)
/** `&locale=` the kit's locale prop (else the page's `<html lang>`, `&lang=`); `&remember=0` turns the remembered bank off. */
const text = { locale: q.get("locale") ?? undefined }
const rememberBank = q.get("remember") !== "0"

function Picker() {
  const [value, setValue] = useState<string | null>(null)
  const amount = q.get("amountSen")
  return (
    <>
      <FpxBankPicker
        sdk={sdk}
        value={value}
        onChange={(b) => setValue(b.code)}
        amountSen={amount ? Number(amount) : null}
        {...text}
        rememberBank={rememberBank}
      />
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
      <SvcPaymentOptions
        sdk={sdk}
        cart={cart}
        onChange={setChoice}
        onStarted={(s) => setStarted(s.redirectUrl)}
        {...text}
        rememberBank={rememberBank}
      />
      <output id="choice">
        {choice
          ? JSON.stringify({
              providerId: choice.providerId,
              ready: !!choice.input,
              bankType: choice.input?.bankType ?? null,
            })
          : ""}
      </output>
      <output id="started">{started}</output>
    </>
  )
}

function Return() {
  const cartId = q.get("cart_id")!
  if (q.get("render") === "prop") {
    return (
      <SvcReturn sdk={sdk} cartId={cartId}>
        {(s) => (
          <p id="outcome" data-kind={s.kind}>
            {s.kind === "failed"
              ? s.reason
              : s.kind === "loading" || s.kind === "placing"
                ? "…"
                : s.order.id}
          </p>
        )}
      </SvcReturn>
    )
  }
  return (
    <SvcReturn
      sdk={sdk}
      cartId={cartId}
      pollEveryMs={q.get("poll") ? Number(q.get("poll")) : undefined}
      {...text}
    />
  )
}

/** An order's balance: a pay button on the kit's startSvcBalancePayment (svc wallet). */
function Balance() {
  const [started, setStarted] = useState("")
  const [error, setError] = useState("")
  const pay = () =>
    startSvcBalancePayment(sdk, q.get("order_id")!, {
      providerId: "pp_svc-wallet_svc",
    }).then(
      (r) => setStarted(r.redirectUrl),
      (e: Error) => setError(e.message)
    )
  return (
    <>
      <button id="pay-balance" onClick={pay}>
        Pay the balance
      </button>
      <output id="started">{started}</output>
      <output id="error">{error}</output>
    </>
  )
}

/** The balance's return page: the ids svc's redirect brought back, read with balanceReturnParams. */
function BalanceReturn() {
  const ids = balanceReturnParams(location.search)
  if (!ids) return <p id="no-ids">no order id</p>
  return (
    <SvcBalanceReturn
      sdk={sdk}
      orderId={ids.orderId}
      paymentCollectionId={ids.paymentCollectionId}
      waitForPaymentMs={30_000}
      pollEveryMs={250}
      {...text}
    />
  )
}

/**
 * The Next.js starter's payment and review steps, as docs/storefront.md edits them (`?c=starter`,
 * `&step=review`), under the starter's Tailwind: the starter reads the cart through Next's cache
 * (`force-cache`, refreshed only by its server actions), here a copy in sessionStorage read on every
 * load and refreshed only by the docs' `onSessionChange` (the server action's revalidateTag, then
 * router.refresh()). `&button=kit`: the kit's own pay button instead of the starter's.
 */
const CACHED = `starter-cart-${q.get("cart_id")}`
async function refreshCart(): Promise<StoreCart> {
  const { cart } = await sdk.store.cart.retrieve(q.get("cart_id")!, {
    fields: "*payment_collection,*payment_collection.payment_sessions",
  })
  sessionStorage.setItem(CACHED, JSON.stringify(cart))
  return cart
}
const cachedCart = async (): Promise<StoreCart> => {
  const c = sessionStorage.getItem(CACHED)
  return c ? (JSON.parse(c) as StoreCart) : refreshCart()
}
const starterComponents: SvcKitComponents = {
  Button: (props) => <Button size="large" {...props} />,
}
const starterTitles: Record<string, string> = {
  pp_system_default: "Manual Payment",
}

function Starter() {
  const [cart, setCart] = useState<StoreCart | null>(null)
  const [selected, setSelected] = useState("")
  const [changes, setChanges] = useState(
    Number(sessionStorage.getItem("session-changes") ?? 0)
  )
  useEffect(() => {
    cachedCart().then((c) => {
      setCart(c)
      setSelected(
        c.payment_collection?.payment_sessions?.find(
          (s) => s.status === "pending"
        )?.provider_id ?? ""
      )
    })
  }, [])
  if (!cart) return <p>loading cart</p>
  const methods = [
    "pp_system_default",
    "pp_svc-wallet_svc",
    "pp_svc-fpx_svc",
    "pp_svc-fpx-direct_svc",
  ]
  const active = cart.payment_collection?.payment_sessions?.find(
    (s) => s.status === "pending"
  )
  const review = q.get("step") === "review"
  const checkoutUrl =
    typeof active?.data?.checkoutUrl === "string"
      ? active.data.checkoutUrl
      : null
  return (
    <div
      id="starter-checkout"
      className="max-w-2xl mx-auto px-6 py-12 bg-white text-gray-900"
    >
      <Heading
        level="h2"
        className={`flex flex-row text-3xl gap-x-2 items-baseline mb-6${review && !active ? " opacity-50" : ""}`}
      >
        Payment
      </Heading>
      {!review ? (
        <div id="payment-step">
          <div role="radiogroup" aria-label="Payment method">
            {methods
              .filter((m) => !isSvcProvider(m))
              .map((m) => (
                <label
                  key={m}
                  className="flex items-center gap-x-4 py-4 px-8 border rounded-md mb-2 cursor-pointer"
                >
                  <input
                    type="radio"
                    name="starter-payment"
                    checked={selected === m}
                    onChange={() => setSelected(m)}
                  />
                  {starterTitles[m]}
                </label>
              ))}
          </div>
          <SvcPaymentOptions
            sdk={sdk}
            cart={cart}
            providerIds={methods.filter((m) => isSvcProvider(m))}
            value={selected}
            onChange={(c) => c && setSelected(c.providerId)}
            components={
              q.get("button") === "kit" ? undefined : starterComponents
            }
            onSessionChange={async () => {
              const n =
                Number(sessionStorage.getItem("session-changes") ?? 0) + 1
              sessionStorage.setItem("session-changes", String(n))
              setChanges(n)
              setCart(await refreshCart())
            }}
          />
          {!isSvcProvider(selected) && (
            <Button
              size="large"
              className="mt-6"
              disabled={!selected}
              data-testid="submit-payment-button"
            >
              Continue to review
            </Button>
          )}
        </div>
      ) : (
        <div id="review-step">
          {active && (
            <Text id="payment-summary" className="mb-6">
              Payment method:{" "}
              {svcPaymentTitle(active.provider_id) || active.provider_id}
            </Text>
          )}
          <Heading level="h2" className="text-3xl mb-6">
            Review
          </Heading>
          <Button
            size="large"
            id="review-pay"
            disabled={!checkoutUrl}
            onClick={() => checkoutUrl && window.location.assign(checkoutUrl)}
          >
            Pay with {svcPaymentTitle(active?.provider_id)}
          </Button>
        </div>
      )}
      <output id="session-changes" hidden>
        {changes}
      </output>
    </div>
  )
}

const C =
  {
    starter: Starter,
    picker: Picker,
    options: Options,
    return: Return,
    balance: Balance,
    "balance-return": BalanceReturn,
  }[q.get("c") ?? "picker"] ?? Picker
createRoot(document.getElementById("root")!).render(<C />)
