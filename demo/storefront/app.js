// The demo storefront: plain browser JavaScript against Medusa's Store API
// through @medusajs/js-sdk (`window.Medusa`, served by the demo's storefront
// server as /vendor/medusa-js-sdk.js). The only call the SDK has no method for
// is the plugin's own `GET /store/svc/fpx-banks`, made with `sdk.client.fetch`,
// which adds the publishable key like every other store call.
// Pages: "/" (products, cart, payment choice) and "/checkout/return?cart_id="
// (where svc sends the shopper back: completes the cart, shows the order or
// the reason the payment failed and lets the shopper choose again).
;(function () {
  "use strict"
  const cfg = window.DEMO_CONFIG
  const CART_KEY = "svc_demo_cart_id"
  const $ = (id) => document.getElementById(id)
  const show = (id, on = true) => ($(id).hidden = !on)
  let region = null
  let cart = null
  let banks = null
  let bankType = "RETAIL"
  let selectedBank = null

  const sdk = new window.Medusa({ baseUrl: cfg.storeUrl, publishableKey: cfg.publishableKey })
  const money = (amount, cc) =>
    new Intl.NumberFormat("en-MY", { style: "currency", currency: (cc || "myr").toUpperCase() }).format(Number(amount))
  function message(text, kind) {
    const m = $("message")
    m.textContent = text
    m.className = "message " + (kind || "")
    m.hidden = !text
  }

  async function loadRegion() {
    const { regions } = await sdk.store.region.list()
    region = regions.find((r) => r.currency_code === "myr") || regions[0]
    if (!region) throw new Error("The store has no region; run the demo seed.")
  }

  async function loadCart(id) {
    const { cart: c } = await sdk.store.cart.retrieve(id)
    return c
  }

  function renderCart() {
    const on = !!(cart && cart.items && cart.items.length)
    show("cart-section", on)
    if (!on) return
    $("cart-items").innerHTML = ""
    for (const item of cart.items) {
      const li = document.createElement("li")
      li.className = "cart-item"
      li.textContent = `${item.quantity} × ${item.product_title || item.title} — ${money(item.total ?? item.unit_price * item.quantity, cart.currency_code)}`
      $("cart-items").appendChild(li)
    }
    $("cart-total").textContent = money(cart.total, cart.currency_code)
  }

  async function renderProducts() {
    const { products } = await sdk.store.product.list({
      region_id: region.id,
      fields: "id,title,handle,description,*variants,*variants.calculated_price",
    })
    const box = $("products")
    box.innerHTML = ""
    for (const p of products) {
      const v = p.variants && p.variants[0]
      if (!v) continue
      const div = document.createElement("div")
      div.className = "product"
      div.dataset.handle = p.handle
      const price = v.calculated_price ? money(v.calculated_price.calculated_amount, region.currency_code) : ""
      div.innerHTML = `<h3></h3><p class="muted desc"></p><p class="price"></p>`
      div.querySelector("h3").textContent = p.title
      div.querySelector(".desc").textContent = p.description || ""
      div.querySelector(".price").textContent = price
      const btn = document.createElement("button")
      btn.id = `add-${p.handle}`
      btn.className = "add"
      btn.textContent = "Add to cart"
      btn.onclick = () => addToCart(v.id).catch((e) => message(e.message))
      div.appendChild(btn)
      box.appendChild(div)
    }
  }

  async function addToCart(variantId) {
    if (!cart || cart.completed_at) {
      cart = (await sdk.store.cart.create({ region_id: region.id, items: [{ variant_id: variantId, quantity: 1 }] })).cart
      localStorage.setItem(CART_KEY, cart.id)
    } else {
      cart = (await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 })).cart
    }
    renderCart()
  }

  async function checkout() {
    cart = (
      await sdk.store.cart.update(cart.id, {
        email: $("email").value || "buyer@example.my",
        shipping_address: {
          first_name: "Siti",
          last_name: "Aminah",
          address_1: "1 Jalan Ampang",
          city: "Kuala Lumpur",
          country_code: "my",
          postal_code: "50450",
        },
      })
    ).cart
    showPayment(null)
  }

  function showPayment(reason) {
    show("payment-section")
    show("failure", !!reason)
    $("failure-reason").textContent = reason || ""
    for (const r of document.querySelectorAll("input[name=method]")) r.checked = false
    show("bank-picker", false)
    updatePayButton()
    $("payment-section").scrollIntoView()
  }

  const method = () => {
    const r = document.querySelector("input[name=method]:checked")
    return r ? r.value : null
  }

  function updatePayButton() {
    const m = method()
    const direct = m === "pp_svc-fpx-direct_svc"
    $("place-order").disabled = !m || (direct && (!selectedBank || !$("buyer-name").value.trim()))
  }

  async function onMethodChange() {
    const direct = method() === "pp_svc-fpx-direct_svc"
    show("bank-picker", direct)
    updatePayButton()
    if (direct && !banks) {
      try {
        banks = await sdk.client.fetch("/store/svc/fpx-banks", { query: { include_inactive: true } })
        renderBanks()
      } catch (e) {
        $("banks").textContent = e.message
      }
    }
  }

  function renderBanks() {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.type === bankType)
    const list = bankType === "CORPORATE" ? banks.corporate : banks.retail
    const box = $("banks")
    box.innerHTML = ""
    for (const b of list) {
      const btn = document.createElement("button")
      btn.type = "button"
      btn.className = "bank" + (selectedBank && selectedBank.code === b.code && selectedBank.bank_type === b.bank_type ? " selected" : "")
      btn.id = `bank-${b.code}`
      btn.dataset.code = b.code
      btn.disabled = !b.active
      btn.title = b.active ? b.name : `${b.name} is offline right now`
      const img = document.createElement("img")
      img.src = b.logo_url
      img.alt = ""
      const span = document.createElement("span")
      span.textContent = b.active ? b.name : `${b.name} (offline)`
      btn.append(img, span)
      btn.onclick = () => {
        selectedBank = b
        renderBanks()
        updatePayButton()
      }
      box.appendChild(btn)
    }
  }

  async function placeOrder() {
    $("place-order").disabled = true
    message("")
    try {
      const providerId = method()
      const data = { cart_id: cart.id }
      if (providerId === "pp_svc-fpx-direct_svc") {
        Object.assign(data, { bank: selectedBank.code, bankType: selectedBank.bank_type, buyerName: $("buyer-name").value.trim() })
      }
      // creates the cart's payment collection first where it has none
      const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, {
        provider_id: providerId,
        data,
      })
      const session = payment_collection.payment_sessions.find((s) => s.provider_id === providerId)
      if (!session || !session.data || !session.data.checkoutUrl) {
        throw new Error((session && session.data && session.data.failureReason) || "The payment could not be started.")
      }
      message("Taking you to svc to pay…", "info")
      location.href = session.data.checkoutUrl
    } catch (e) {
      message(e.message)
      updatePayButton()
    }
  }

  async function showShop() {
    show("shop")
    await loadRegion()
    const id = localStorage.getItem(CART_KEY)
    if (id) {
      try {
        cart = await loadCart(id)
        if (cart.completed_at) cart = null
      } catch {
        cart = null
      }
      if (!cart) localStorage.removeItem(CART_KEY)
    }
    renderCart()
    await renderProducts()
  }

  async function pollOrder(order) {
    const end = Date.now() + 20000
    let o = order
    while (o.payment_status !== "captured" && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 1000))
      try {
        o = (await sdk.store.order.retrieve(order.id, { fields: "id,display_id,total,currency_code,payment_status" })).order
      } catch {
        // keep the last answer
      }
      $("payment-status").textContent = o.payment_status
    }
    return o
  }

  async function handleReturn() {
    show("return-section")
    const cartId = new URLSearchParams(location.search).get("cart_id")
    if (!cartId) {
      $("return-status").textContent = "No cart given."
      return
    }
    let result = null
    let errorText = null
    try {
      result = await sdk.store.cart.complete(cartId)
    } catch (e) {
      errorText = e.message
    }
    if (result && result.type === "order") {
      localStorage.removeItem(CART_KEY)
      const o = result.order
      $("return-status").textContent = "Payment received by svc."
      $("order-id").textContent = o.id
      $("order-display-id").textContent = o.display_id
      $("order-total").textContent = money(o.total, o.currency_code)
      $("payment-status").textContent = o.payment_status
      show("order-confirmation")
      const final = await pollOrder(o)
      $("return-status").textContent =
        final.payment_status === "captured" ? "Payment received by svc." : "svc is still processing your payment; we will email you."
      document.body.dataset.orderReady = "true"
      return
    }
    if (result && result.type === "cart" && result.error) errorText = result.error.message || String(result.error)
    // Not paid: show why, and let the shopper choose again with the same cart.
    await loadRegion()
    try {
      cart = await loadCart(cartId)
    } catch (e) {
      $("return-status").textContent = e.message
      return
    }
    localStorage.setItem(CART_KEY, cart.id)
    const sessions = (cart.payment_collection && cart.payment_collection.payment_sessions) || []
    const failed = sessions.find((s) => s.data && s.data.failureReason)
    const reason = (failed && failed.data.failureReason) || errorText || "The payment was not completed."
    show("return-section", false)
    renderCart()
    show("checkout", false)
    showPayment(reason)
  }

  function wire() {
    $("checkout").onclick = () => checkout().catch((e) => message(e.message))
    for (const r of document.querySelectorAll("input[name=method]")) r.onchange = onMethodChange
    for (const t of document.querySelectorAll(".tab"))
      t.onclick = () => {
        bankType = t.dataset.type
        if (banks) renderBanks()
      }
    $("buyer-name").oninput = updatePayButton
    $("place-order").onclick = placeOrder
  }

  wire()
  const page = location.pathname === "/checkout/return" ? handleReturn() : showShop()
  page
    .catch((e) => message(e.message))
    .finally(() => (document.body.dataset.ready = "true"))
})()
