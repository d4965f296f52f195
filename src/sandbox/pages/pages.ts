import type { IncomingMessage, ServerResponse } from "node:http"
import { FPX_BANKS } from "./banks"
import type { Engine } from "../engine"
import { ControlError } from "../errors"
import { FINAL_CHECKOUT, type CheckoutRec } from "../state"
import { escapeHtml as h, formatRm } from "../util"

// Hosted pages at checkoutUrl: what a buyer sees. Buttons have stable ids for browser tests:
// #signin, #walletName, #pay, #fail, #cancel, #bank, #buyerName.

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(title)} · svc sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem 1rem}main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.2rem;overflow-wrap:anywhere}code{overflow-wrap:anywhere}.amount{font-size:1.8rem;font-weight:700}.muted{color:#666;font-size:.9rem}label{display:block;margin:.8rem 0 .3rem}input,select{width:100%;padding:.5rem;box-sizing:border-box}
.actions{display:flex;gap:.5rem;margin-top:1rem}button{flex:1;padding:.7rem;border:0;border-radius:8px;font-size:1rem;cursor:pointer}#pay,#signin{background:#1d4ed8;color:#fff}#fail{background:#b91c1c;color:#fff}#cancel{background:#e5e7eb}
.banner{background:#fef3c7;padding:.4rem .8rem;border-radius:6px;font-size:.8rem;margin-bottom:1rem}</style></head>
<body><main><div class="banner">svc sandbox: no real money moves</div>${body}</main></body></html>`
}

function summary(c: CheckoutRec): string {
  return `<h1 id="title">${h(c.title)}</h1>${c.description ? `<p class="muted">${h(c.description)}</p>` : ""}
<p class="amount" id="amount">${formatRm(c.amount)}</p><p class="muted">Checkout <code id="checkoutId">${c.checkoutId}</code></p>`
}

function statusPage(c: CheckoutRec): string {
  return layout(
    c.status,
    `${summary(c)}<p>Status: <strong id="status">${c.status}</strong>${c.failureReason ? ` <span class="muted">(${h(c.failureReason)})</span>` : ""}</p>
<p><a id="return" href="${h(c.redirectUrl)}">Return to the merchant</a></p>`
  )
}

const parseForm = (raw: Buffer): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(raw.toString("utf8")))

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" })
  res.end(html)
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location })
  res.end()
}

function walletPage(
  engine: Engine,
  c: CheckoutRec,
  action: string,
  error?: string
): string {
  if (c.status === "CREATED")
    return layout(
      "Sign in",
      `${summary(c)}<form method="post" action="${h(action)}"><label for="walletName">Sign in to your svc wallet (any name)</label>
<input id="walletName" name="walletName" value="Sandbox Buyer" required>
<div class="actions"><button id="signin" name="action" value="signin" type="submit">Sign in</button>
<button id="cancel" name="action" value="cancel" type="submit" formnovalidate>Cancel</button></div></form>`
    )
  return layout(
    "Pay",
    `${summary(c)}<p>Signed in as <strong id="buyer">${h(c.buyerName ?? "buyer")}</strong></p>
<p>Wallet balance: <strong id="balance">${formatRm(engine.state.buyerWalletSen)}</strong></p>${error ? `<p id="error" style="color:#b91c1c">${h(error)}</p>` : ""}
<form method="post" action="${h(action)}"><div class="actions"><button id="pay" name="action" value="pay" type="submit">Pay ${formatRm(c.amount)}</button>
<button id="cancel" name="action" value="cancel" type="submit">Cancel</button></div></form>`
  )
}

function fpxPage(c: CheckoutRec, action: string): string {
  if (c.type === "FPX_DIRECT") {
    const bank = FPX_BANKS.find((b) => b.code === c.bank)
    return layout(
      "Bank approval",
      `${summary(c)}<p>Bank: <strong id="bankName">${h(bank?.displayName ?? c.bank ?? "")}</strong> (${c.bankType === "02" ? "corporate" : "retail"})</p>
<p>Payer: <strong id="payer">${h(c.buyerName ?? "")}</strong></p>
<form method="post" action="${h(action)}"><div class="actions"><button id="pay" name="action" value="pay" type="submit">Approve</button>
<button id="fail" name="action" value="fail" type="submit">Decline</button><button id="cancel" name="action" value="cancel" type="submit">Cancel</button></div></form>`
    )
  }
  const options = FPX_BANKS.filter((b) => b.active)
    .map(
      (b) =>
        `<option value="${h(b.code)}">${h(b.displayName)} (${b.type === "01" ? "Personal" : "Business"})</option>`
    )
    .join("")
  return layout(
    "FPX",
    `${summary(c)}<form method="post" action="${h(action)}"><label for="bank">Bank</label><select id="bank" name="bank">${options}</select>
<label for="buyerName">Name</label><input id="buyerName" name="buyerName" value="Sandbox Buyer">
<div class="actions"><button id="pay" name="action" value="pay" type="submit">Pay</button><button id="fail" name="action" value="fail" type="submit">Fail</button>
<button id="cancel" name="action" value="cancel" type="submit">Cancel</button></div></form>`
  )
}

export async function handlePage(
  engine: Engine,
  req: IncomingMessage,
  res: ServerResponse,
  rawBody: Buffer,
  url: URL
) {
  const m = /^\/(checkout|fpx)\/([^/]+)$/.exec(url.pathname)
  const method = (req.method ?? "GET").toUpperCase()
  engine.tick()
  const c = m ? engine.state.checkouts[decodeURIComponent(m[2])] : undefined
  if (
    !m ||
    !c ||
    (m[1] === "checkout") !== (c.type === "SVC_ACCOUNT") ||
    (m[1] === "fpx" && url.searchParams.get("session") !== c.urlToken)
  )
    return send(res, 404, layout("Not found", "<h1>Checkout not found</h1>"))
  const action = url.pathname + url.search
  if (FINAL_CHECKOUT.includes(c.status) || engine.now() >= c.expiresAt)
    return send(res, method === "GET" ? 200 : 409, statusPage(c))
  if (method === "GET")
    return send(
      res,
      200,
      c.type === "SVC_ACCOUNT"
        ? walletPage(engine, c, action)
        : fpxPage(c, action)
    )
  if (method !== "POST")
    return send(
      res,
      405,
      layout("Method not allowed", "<h1>Method not allowed</h1>")
    )

  const form = parseForm(rawBody)
  try {
    if (c.type === "SVC_ACCOUNT") {
      if (form.action === "signin") {
        if (c.status !== "CREATED") return redirect(res, action)
        c.buyerName = (form.walletName ?? "").trim() || "Sandbox Buyer"
        engine.setCheckoutStatus(c, "PENDING") // buyer authenticated and selected wallet
        return redirect(res, action)
      }
      if (form.action === "pay") {
        if (c.status === "CREATED")
          return send(res, 400, walletPage(engine, c, action))
        if (engine.state.buyerWalletSen < c.amount) {
          engine.setCheckoutStatus(c, "PROCESSING")
          engine.fail(c.checkoutId, "insufficient balance")
        } else {
          engine.state.buyerWalletSen -= c.amount
          engine.pay(c.checkoutId)
        }
        return redirect(res, c.redirectUrl)
      }
    } else {
      if (form.action === "pay" || form.action === "fail") {
        if (c.type === "FPX_HOSTED") {
          const bank = FPX_BANKS.find((b) => b.code === form.bank && b.active)
          if (!bank) return send(res, 400, fpxPage(c, action))
          c.bank = bank.code
          c.bankType = bank.type
          c.buyerName = (form.buyerName ?? "").trim() || "Sandbox Buyer"
        }
        if (form.action === "pay") engine.pay(c.checkoutId)
        else engine.fail(c.checkoutId, "declined by the bank")
        return redirect(res, c.redirectUrl)
      }
    }
    if (form.action === "cancel") {
      engine.cancel(c.checkoutId)
      return redirect(res, c.redirectUrl)
    }
    return send(res, 400, layout("Bad request", "<h1>Unknown action</h1>"))
  } catch (e) {
    if (e instanceof ControlError) return send(res, 409, statusPage(c))
    throw e
  }
}
