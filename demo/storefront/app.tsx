// The demo storefront: React on Medusa's Store API through @medusajs/js-sdk,
// paying with the storefront kit exactly as a store would import it
// (`medusa-payment-svc-storefront` and `medusa-payment-svc-storefront/react`; the demo
// server bundles this file with esbuild, pointing those imports at packages/storefront/src).
// Pages: "/" (products, cart, payment choice) and "/checkout/return?cart_id="
// (where svc sends the shopper back: the order, or why the payment failed and
// the payment choice again with the same cart). In English, Malay or Chinese: the
// switch in the header sets `<html lang>`, passes `locale` to the kit's components
// and words the demo's own text (words.ts); the choice is kept in localStorage
// (so it survives the trip to svc's page and back) and in `?lang=` once chosen.
import Medusa from "@medusajs/js-sdk"
import { createContext, StrictMode, useCallback, useContext, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { formatRinggit, amountToSen, svcLocale, svcText, type StoreCart, type SvcReturnResult } from "medusa-payment-svc-storefront"
import { SvcPaymentOptions, SvcReturn } from "medusa-payment-svc-storefront/react"
import { DEMO_LANGUAGES, demoText, type DemoLocale } from "./words"

declare global {
  interface Window {
    DEMO_CONFIG: { storeUrl: string; publishableKey: string }
  }
}

const cfg = window.DEMO_CONFIG
const sdk = new Medusa({ baseUrl: cfg.storeUrl, publishableKey: cfg.publishableKey })
const CART_KEY = "svc_demo_cart_id"
const LANG_KEY = "svc_demo_lang"
const CART_FIELDS =
  "id,total,item_subtotal,tax_total,discount_total,discount_tax_total,currency_code,completed_at,email,region_id,*items,*promotions,*payment_collection,*payment_collection.payment_sessions"

type Region = { id: string; currency_code: string }
type Product = {
  id: string
  title: string
  handle: string
  description: string | null
  variants?: Array<{ id: string; calculated_price?: { calculated_amount?: number | null } | null }> | null
}

const money = (amount: unknown) => {
  const sen = amountToSen(amount)
  return sen == null ? String(amount) : formatRinggit(sen).replace(/^RM([\d,]+)$/, "RM$1.00")
}

/** One of the switch's locales for a tag ("zh" is "zh-CN", as in the kit), or null. */
function demoLocale(tag: string | null | undefined): DemoLocale | null {
  if (!tag) return null
  const l = svcLocale(tag)
  return DEMO_LANGUAGES.find((x) => x.locale === l)?.locale ?? null
}

function storedLocale(): string | null {
  try {
    return localStorage.getItem(LANG_KEY)
  } catch {
    return null // storage refused (private mode): the choice lasts for this page only
  }
}

/** `?lang=` first (a link in a language), then the shopper's last choice, then English. */
function initialLocale(): DemoLocale {
  return demoLocale(new URLSearchParams(location.search).get("lang")) ?? demoLocale(storedLocale()) ?? "en"
}

const Locale = createContext<DemoLocale>("en")
/** The page's language: `locale` for the kit, `t` for the demo's own words. */
function useLocale() {
  const locale = useContext(Locale)
  return { locale, t: demoText(locale) }
}

function LanguageSwitch({ onChange }: { onChange: (l: DemoLocale) => void }) {
  const { locale, t } = useLocale()
  return (
    <span className="lang-switch">
      <label htmlFor="lang">{t("language")}</label>
      <select id="lang" value={locale} onChange={(e) => onChange(demoLocale(e.target.value) ?? "en")}>
        {DEMO_LANGUAGES.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  )
}

/** `onError`: "noRegion", or why the store cannot be reached. */
function useRegion(onError: (problem: string) => void) {
  const [region, setRegion] = useState<Region | null>(null)
  useEffect(() => {
    sdk.store.region.list().then(
      ({ regions }) => {
        const r = regions.find((x) => x.currency_code === "myr") ?? regions[0]
        if (r) setRegion(r)
        else onError("noRegion")
      },
      (e: Error) => onError(e.message)
    )
  }, [])
  return region
}

function Message({ text }: { text: string | null }) {
  return (
    <p id="message" className="message" hidden={!text}>
      {text ?? ""}
    </p>
  )
}

function Shop() {
  const { locale, t } = useLocale()
  const [error, setError] = useState<string | null>(null)
  const region = useRegion((problem) => {
    setError(problem === "noRegion" ? t("noRegion") : t("unreachable", { error: problem }))
    document.body.dataset.ready = "true"
  })
  const [products, setProducts] = useState<Product[] | null>(null)
  const [cart, setCart] = useState<StoreCart | null>(null)
  const [paying, setPaying] = useState(false)
  const [email, setEmail] = useState("buyer@example.my")

  useEffect(() => {
    if (!region) return
    const id = localStorage.getItem(CART_KEY)
    const cartP = id
      ? sdk.store.cart.retrieve(id, { fields: CART_FIELDS }).then(
          ({ cart: c }) => (c.completed_at ? null : c),
          () => null
        )
      : Promise.resolve(null)
    Promise.all([sdk.store.product.list({ region_id: region.id, fields: "id,title,handle,description,*variants,*variants.calculated_price" }), cartP])
      .then(([{ products: p }, c]) => {
        if (!c) localStorage.removeItem(CART_KEY)
        setCart(c)
        setProducts(p as Product[])
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => (document.body.dataset.ready = "true"))
  }, [region])

  const add = async (variantId: string) => {
    setError(null)
    try {
      const c = cart
        ? (await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 }, { fields: CART_FIELDS })).cart
        : (await sdk.store.cart.create({ region_id: region!.id, items: [{ variant_id: variantId, quantity: 1 }] }, { fields: CART_FIELDS })).cart
      localStorage.setItem(CART_KEY, c.id)
      setCart(c)
      setPaying(false)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  const checkout = async () => {
    setError(null)
    try {
      const { cart: c } = await sdk.store.cart.update(
        cart!.id,
        {
          email: email || "buyer@example.my",
          shipping_address: { first_name: "Siti", last_name: "Aminah", address_1: "1 Jalan Ampang", city: "Kuala Lumpur", country_code: "my", postal_code: "50450" },
        },
        { fields: CART_FIELDS }
      )
      setCart(c)
      setPaying(true)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  const applyPromo = async (code: string) => {
    setError(null)
    try {
      const { cart: c } = await sdk.store.cart.update(cart!.id, { promo_codes: [code] }, { fields: CART_FIELDS })
      if (!c.promotions?.some((p) => p.code?.toLowerCase() === code.toLowerCase())) throw new Error(t("codeNotApplied", { code }))
      setCart(c)
      setPaying(false) // the total changed: the payment step starts again with it
    } catch (e) {
      setError((e as Error).message)
    }
  }

  return (
    <>
      <Message text={error} />
      <section id="shop">
        <h2>{t("products")}</h2>
        <div id="products" className="products">
          {!products && <p className="muted">{t("loadingProducts")}</p>}
          {products?.map((p) => {
            const v = p.variants?.[0]
            if (!v) return null
            return (
              <div key={p.id} className="product" data-handle={p.handle}>
                {/* the store's own data, in English (demo/seed.ts) */}
                <h3 lang="en">{p.title}</h3>
                <p className="muted desc" lang="en">
                  {p.description}
                </p>
                <p className="price">{v.calculated_price?.calculated_amount != null ? money(v.calculated_price.calculated_amount) : ""}</p>
                <button id={`add-${p.handle}`} className="add" onClick={() => add(v.id)}>
                  {t("addToCart")}
                </button>
              </div>
            )
          })}
        </div>
      </section>
      {cart && (cart.items?.length ?? 0) > 0 && <CartSection cart={cart} email={email} setEmail={setEmail} onCheckout={checkout} onPromo={applyPromo} />}
      {cart && paying && <PaymentSection cart={cart} locale={locale} />}
    </>
  )
}

/** The code's discount before tax, in ringgit (exact: sen arithmetic on Medusa's decimals, never floats). */
function discountBeforeTax(cart: StoreCart): string {
  const total = amountToSen(cart.discount_total)
  const tax = amountToSen(cart.discount_tax_total ?? 0)
  return total == null || tax == null ? String(cart.discount_total) : (Math.max(0, total - tax) / 100).toFixed(2)
}

function CartSection(props: { cart: StoreCart; email: string; setEmail: (v: string) => void; onCheckout: () => void; onPromo: (code: string) => void }) {
  const { cart } = props
  const { t } = useLocale()
  const [code, setCode] = useState("")
  const codes = (cart.promotions ?? []).map((p) => p.code).filter(Boolean)
  return (
    <section id="cart-section">
      <h2>{t("cart")}</h2>
      <ul id="cart-items">
        {cart.items?.map((i) => (
          <li key={i.id} className="cart-item">
            {i.quantity} × {i.product_title ?? i.title} — {money(i.total ?? Number(i.unit_price) * i.quantity)}
          </li>
        ))}
      </ul>
      {codes.length > 0 && (
        <>
          <p>
            {t("items")} <span id="cart-items-subtotal">{money(cart.item_subtotal)}</span>
          </p>
          <p id="cart-promotions">
            {/* Medusa's discount_total includes the tax it saves; shown before tax, as the items are */}
            {t("codeDiscount", { codes: codes.join(", "), amount: money(discountBeforeTax(cart)) })}
          </p>
        </>
      )}
      {Number(cart.tax_total) > 0 && (
        <p>
          {t("tax")} <span id="cart-tax">{money(cart.tax_total)}</span>
        </p>
      )}
      <p>
        {t("total")} <strong id="cart-total">{money(cart.total)}</strong>
      </p>
      <form
        id="promo-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (code.trim()) props.onPromo(code.trim())
        }}
      >
        <label>
          {t("promoCode")} <input id="promo-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </label>
        <button id="apply-promo" type="submit">
          {t("apply")}
        </button>
      </form>
      <label>
        {t("email")} <input id="email" type="email" value={props.email} onChange={(e) => props.setEmail(e.target.value)} />
      </label>
      <button id="checkout" onClick={props.onCheckout}>
        {t("checkout")}
      </button>
    </section>
  )
}

/** The kit's payment options in `locale`; `reason`: the last attempt failed (shown above the choice). */
function PaymentSection({ cart, reason, locale }: { cart: StoreCart; reason?: string; locale: DemoLocale }) {
  const ref = useCallback((el: HTMLElement | null) => el?.scrollIntoView(), [])
  const { t } = useLocale()
  // the kit's sentence "Your payment did not go through: {reason}", the reason in a span of its own
  const [before, after = ""] = svcText({ locale }).t("notThrough").split("{reason}")
  return (
    <section id="payment-section" ref={ref}>
      <h2>{t("payment")}</h2>
      <SvcPaymentOptions
        sdk={sdk}
        cart={cart}
        locale={locale}
        notice={
          reason ? (
            <p id="failure" className="failure">
              {before}
              <span id="failure-reason">{reason}</span>
              {after}
            </p>
          ) : null
        }
      />
    </section>
  )
}

function ReturnPage() {
  const { locale, t } = useLocale()
  const kit = svcText({ locale })
  // the kit words its outcome once, in the language of the moment the page opened: after a
  // switch, a failure's reason is the kit's sentence for its code in the new language
  const [openedIn] = useState(locale)
  const why = (r: { code: Parameters<typeof kit.t>[0]; reason: string }) => (locale === openedIn ? r.reason : kit.t(r.code))
  const cartId = new URLSearchParams(location.search).get("cart_id") ?? ""
  const onResult = (r: SvcReturnResult) => {
    if (r.kind === "failed") localStorage.setItem(CART_KEY, cartId)
    else localStorage.removeItem(CART_KEY)
    document.body.dataset.ready = "true"
  }
  return (
    <SvcReturn sdk={sdk} cartId={cartId} locale={locale} waitForPaymentMs={20_000} pollEveryMs={1000} onResult={onResult}>
      {(state) => {
        if (state.kind === "loading") {
          return (
            <section id="return-section">
              <h2>{t("checkout")}</h2>
              <p id="return-status">{kit.t("confirming")}</p>
            </section>
          )
        }
        if (state.kind === "placing") {
          // paid, the order is late (the store's cart was busy): never a failure; the kit keeps trying
          return (
            <section id="return-section">
              <h2>{t("checkout")}</h2>
              <p id="return-status">{kit.t("placing")}</p>
            </section>
          )
        }
        if (state.kind === "failed") {
          // not paid: why, and the choice again with the same cart
          return state.cart ? <FailedAgain cartId={cartId} reason={why(state)} locale={locale} /> : <Message text={why(state)} />
        }
        const o = state.order
        return (
          <section id="return-section">
            <h2>{t("checkout")}</h2>
            <p id="return-status">{state.kind === "paid" ? t("paidBySvc") : t("stillProcessing")}</p>
            <div id="order-confirmation">
              <h3>{t("orderPlaced")}</h3>
              <p>
                {t("order")} <strong id="order-id">{o.id}</strong> (#<span id="order-display-id">{o.display_id}</span>)
              </p>
              <p>
                {t("total")} <strong id="order-total">{money(o.total)}</strong>
              </p>
              <p>
                {/* Medusa's status as it is (captured, awaiting…): a code, not a sentence */}
                {t("paymentStatus")} <strong id="payment-status">{o.payment_status}</strong>
              </p>
              <a href="/" id="continue-shopping">
                {t("continueShopping")}
              </a>
            </div>
          </section>
        )
      }}
    </SvcReturn>
  )
}

/** After a failed payment: the cart read again (with its items and totals) and the payment choice. */
function FailedAgain({ cartId, reason, locale }: { cartId: string; reason: string; locale: DemoLocale }) {
  const [cart, setCart] = useState<StoreCart | null>(null)
  useEffect(() => {
    sdk.store.cart.retrieve(cartId, { fields: CART_FIELDS }).then(({ cart: c }) => setCart(c))
  }, [cartId])
  return cart ? <PaymentSection cart={cart} reason={reason} locale={locale} /> : null
}

function App() {
  const [locale, setLocale] = useState<DemoLocale>(initialLocale)
  useEffect(() => {
    document.documentElement.lang = locale
    document.title = demoText(locale)("title")
    try {
      localStorage.setItem(LANG_KEY, locale)
    } catch {
      // storage refused: the choice lasts for this page only
    }
  }, [locale])
  const choose = (l: DemoLocale) => {
    setLocale(l)
    const url = new URL(location.href)
    url.searchParams.set("lang", l)
    history.replaceState(history.state, "", url)
  }
  return (
    <Locale.Provider value={locale}>
      <header>
        <a href="/" className="brand">
          Kedai Demo
        </a>
        <span className="muted">{demoText(locale)("tagline")}</span>
        <LanguageSwitch onChange={choose} />
      </header>
      <main>{location.pathname === "/checkout/return" ? <ReturnPage /> : <Shop />}</main>
    </Locale.Provider>
  )
}

document.documentElement.lang = initialLocale() // before the first render: the kit and screen readers read it

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>
)
