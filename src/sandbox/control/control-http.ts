import type { IncomingMessage, ServerResponse } from "node:http"
import { sendJson } from "../signed-api/api"
import { bankLogoSvg } from "../pages/banks"
import { nonNegInt, type SandboxControl } from "./control"
import { isRecord, messageOf } from "../util"
import {
  accountStatusBody,
  accountTypeBody,
  depositBody,
  faultBody,
  featureBody,
  feesBody,
  limitsBody,
  parseBody,
  webhookConfigBody,
  webhookFaultBody,
} from "./control-bodies"
import { ControlError } from "../errors"

// The control API over HTTP under /_sandbox/ (JSON bodies, no auth), so tests in any language can drive it.

type Handler = (
  body: Record<string, unknown>,
  m: RegExpExecArray,
  url: URL
) => unknown

export async function handleControl(
  control: SandboxControl,
  req: IncomingMessage,
  res: ServerResponse,
  rawBody: Buffer,
  url: URL
) {
  const method = (req.method ?? "GET").toUpperCase()
  const path = url.pathname
  const logo = /^\/_sandbox\/bank-logos\/([^/]+)\.svg$/.exec(path)
  if (logo && method === "GET") {
    const svg = bankLogoSvg(decodeURIComponent(logo[1]))
    if (!svg)
      return sendJson(res, 404, {
        code: "NOT_FOUND",
        message: "no such bank logo",
      })
    res.writeHead(200, {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=3600",
    })
    return res.end(svg)
  }
  const routes: Array<[string, RegExp, Handler]> = [
    [
      "POST",
      /^\/_sandbox\/checkouts\/([^/]+)\/pay$/,
      (b, m) =>
        control.pay(m[1], {
          stopAt:
            b.stopAt === "PENDING" || b.stopAt === "PROCESSING"
              ? b.stopAt
              : undefined,
        }),
    ],
    [
      "POST",
      /^\/_sandbox\/checkouts\/([^/]+)\/complete$/,
      (_b, m) => control.complete(m[1]),
    ],
    [
      "POST",
      /^\/_sandbox\/checkouts\/([^/]+)\/fail$/,
      (b, m) =>
        control.fail(m[1], typeof b.reason === "string" ? b.reason : undefined),
    ],
    [
      "POST",
      /^\/_sandbox\/checkouts\/([^/]+)\/cancel$/,
      (_b, m) => control.cancel(m[1]),
    ],
    [
      "POST",
      /^\/_sandbox\/checkouts\/([^/]+)\/reject$/,
      (_b, m) => control.reject(m[1]),
    ],
    [
      "POST",
      /^\/_sandbox\/checkouts\/seed$/,
      (b) =>
        control.seedCheckouts({
          count: Number(b.count),
          status: b.status === "FAILED" ? "FAILED" : "COMPLETED",
          overSeconds: Number(b.overSeconds ?? 0),
        }),
    ],
    [
      "GET",
      /^\/_sandbox\/checkouts\/([^/]+)$/,
      (_b, m) => control.getCheckout(m[1]),
    ],
    [
      "POST",
      /^\/_sandbox\/clock\/advance$/,
      (b) => control.advanceClock(Number(b.seconds)),
    ],
    ["GET", /^\/_sandbox\/clock$/, () => ({ now: control.now() })],
    [
      "POST",
      /^\/_sandbox\/faults$/,
      (b) => (control.injectFault(parseBody(faultBody, b)), { ok: true }),
    ],
    [
      "DELETE",
      /^\/_sandbox\/faults$/,
      () => (control.clearFaults(), { ok: true }),
    ],
    [
      "POST",
      /^\/_sandbox\/webhooks\/faults$/,
      (b) => (
        control.webhookFaults(parseBody(webhookFaultBody, b)),
        { ok: true }
      ),
    ],
    ["GET", /^\/_sandbox\/webhooks$/, () => control.webhookLog()],
    [
      "POST",
      /^\/_sandbox\/webhooks\/config$/,
      (b) => (
        control.setWebhooks(parseBody(webhookConfigBody, b.urls ?? b)),
        { ok: true }
      ),
    ],
    [
      "POST",
      /^\/_sandbox\/account\/status$/,
      (b) => (
        control.setAccountStatus(parseBody(accountStatusBody, b.status)),
        { ok: true }
      ),
    ],
    [
      "POST",
      /^\/_sandbox\/account\/type$/,
      (b) => (
        control.setAccountType(parseBody(accountTypeBody, b.type)),
        { ok: true }
      ),
    ],
    [
      "POST",
      /^\/_sandbox\/features$/,
      (b) => (
        control.setFeature(parseBody(featureBody, b.name), Boolean(b.enabled)),
        { ok: true }
      ),
    ],
    [
      "POST",
      /^\/_sandbox\/fees$/,
      (b) => (control.setFees(parseBody(feesBody, b)), { ok: true }),
    ],
    [
      "POST",
      /^\/_sandbox\/limits$/,
      (b) => (control.setLimits(parseBody(limitsBody, b)), { ok: true }),
    ],
    [
      "POST",
      /^\/_sandbox\/banks\/available$/,
      (b) => (control.setBankListAvailable(Boolean(b.available)), { ok: true }),
    ],
    [
      "POST",
      /^\/_sandbox\/wallet\/balance$/,
      (b) => (control.setWalletBalance(nonNegInt(b.sen, "sen")), { ok: true }),
    ],
    [
      "POST",
      /^\/_sandbox\/checkout-prefund\/balance$/,
      (b) => (
        control.setCheckoutPrefundBalance(nonNegInt(b.sen, "sen")),
        { ok: true }
      ),
    ],
    [
      "POST",
      /^\/_sandbox\/prefund\/balance$/,
      (b) => (control.setPrefundBalance(nonNegInt(b.sen, "sen")), { ok: true }),
    ],
    [
      "GET",
      /^\/_sandbox\/prefund\/balance$/,
      () => control.getPrefundBalance(),
    ],
    [
      "POST",
      /^\/_sandbox\/prefund\/topup$/,
      (b) => control.topUpPrefund(nonNegInt(b.sen, "sen")),
    ],
    [
      "POST",
      /^\/_sandbox\/deposits$/,
      (b) => control.simulateDeposit(parseBody(depositBody, b)),
    ],
    [
      "POST",
      /^\/_sandbox\/deposits\/([^/]+)\/credit$/,
      (_b, m) => control.creditDeposit(m[1]),
    ],
    ["POST", /^\/_sandbox\/reset$/, () => (control.reset(), { ok: true })],
    ["GET", /^\/_sandbox\/state$/, () => control.state()],
    ["GET", /^\/_sandbox\/stats$/, () => control.stats()],
    [
      "DELETE",
      /^\/_sandbox\/stats$/,
      () => (control.resetStats(), { ok: true }),
    ],
  ]
  try {
    for (const [m, re, fn] of routes) {
      const match = re.exec(path)
      if (!match || m !== method) continue
      let body: Record<string, unknown> = {}
      if (rawBody.length) {
        try {
          const json: unknown = JSON.parse(rawBody.toString("utf8"))
          if (isRecord(json)) body = json
        } catch {
          throw new ControlError(400, "INVALID", "body is not valid JSON")
        }
      }
      if (path === "/_sandbox/webhooks/flush") break
      return sendJson(res, 200, await fn(body, match, url))
    }
    if (method === "POST" && path === "/_sandbox/webhooks/flush") {
      await control.flushWebhooks()
      return sendJson(res, 200, { ok: true })
    }
    sendJson(res, 404, {
      code: "NOT_FOUND",
      message: `no control route ${method} ${path}`,
    })
  } catch (e) {
    if (e instanceof ControlError)
      return sendJson(res, e.status, { code: e.code, message: e.message })
    sendJson(res, 400, { code: "INVALID", message: messageOf(e) })
  }
}
