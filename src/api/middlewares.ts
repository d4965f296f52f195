import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
  type MiddlewareRoute,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { asValue } from "@medusajs/framework/awilix"
import { SVC_CALLER_KEY } from "../lib/svc-runtime/config"
import { invalidData } from "../lib/svc-runtime/errors"
import { say } from "../lib/texts"
import { refuseCancelWithSvcMoney } from "../workflows/refund-to-bank/order-guards"
import { svcCheckStatus } from "./admin/orders/check-status"
import { svcWebhookGate, webhookBody } from "./hooks/svc/token-gate"
import { svcErrorHandler } from "./svc-error-handler"
import { zodValidator } from "@medusajs/framework"
import { z } from "@medusajs/framework/zod"
import {
  allowedSenderAdd,
  allowedSenderChange,
  attentionQuery,
  listQuery,
  orderId,
  rowId,
  svcId,
} from "./admin/svc/validators"
import { bankAccountsQuery } from "./admin/svc/bank-accounts/validators"
import {
  beneficiaryRegister,
  beneficiaryVerify,
} from "./admin/svc/beneficiaries/validators"
import {
  checkMissed,
  depositLookupQuery,
  depositsQuery,
} from "./admin/svc/deposits/validators"
import { eventsQuery } from "./admin/svc/events/validators"
import {
  einvoiceFlagBody,
  paymentLinkBody,
  sendPaymentLinkBody,
} from "./admin/svc/orders/validators"
import { refundPayoutsQuery } from "./admin/svc/payouts/validators"
import { payoutsQuery } from "./admin/svc/prefund/validators"
import { refundRequest } from "../workflows/refund-to-bank/validators"
import { einvoiceQuery, periodQuery } from "./admin/svc/reports/validators"
import { tokenTransferRequest } from "./admin/svc/token-transfers/validators"
import { webhookTokenChange } from "./admin/svc/webhook-token/validators"
import {
  withdrawalRequest,
  withdrawalsQuery,
} from "./admin/svc/withdrawals/validators"
import { shopperGuard } from "./store/svc/shopper-limits/guard"
import { tooManyAttempts } from "./store/svc/shopper-limits/shopper-limits"

/** What the plugin reads of a payment session's body (the rest is Medusa's to check). */
const sessionBody = z.object({ provider_id: z.string().catch("") })

/** A Medusa cart id, as the provider takes one (src/lib/medusa-data/session-data.ts). */
const CART_ID = /^cart_[0-9A-Za-z]{10,40}$/
const cartId = z.string().regex(CART_ID, "id: must be a cart id (cart_…)")

/**
 * A middleware of an async check: it throws to refuse (Medusa's error handler
 * answers), answers itself and returns true (429), or lets the request on.
 */
const check =
  (f: (req: MedusaRequest, res: MedusaResponse) => Promise<boolean | void>) =>
  async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) =>
    f(req, res).then((answered) => void (answered || next()), next)

/**
 * An svc payment session started through the store routes counts against its
 * client's share (src/api/store/svc/shopper-limits): the client address, the logged-in
 * customer (Medusa's auth runs before the routes' middlewares) and the cart, counted
 * by its payment collection (a cart has one; a balance's collection has no cart).
 * Over any of them: 429 before the payment module is called, so no svc call
 * and none of the store's svc budget is spent. Storefront session data may carry
 * `cart_id`: the provider checks it is the collection's cart (svc-base.ts), from
 * the read of the collection it makes anyway.
 */
export const svcShopperSession = check(async (req, res) => {
  const session = sessionBody.safeParse(req.body).data
  if (!session?.provider_id.startsWith("pp_svc-")) return
  const guard = shopperGuard(req.scope)
  const byClient = await guard?.takeClient(req)
  if (byClient) return tooManyAttempts(res, byClient)
  const byCart = await guard?.take("cart", `collection ${req.params.id}`)
  if (byCart) return tooManyAttempts(res, byCart)
})

/**
 * The plugin's other store routes (the buyer's e-invoice request) count against the
 * same client share as a payment session (storefrontLimits.perAddress, perCustomer):
 * over it, 429 before the route reads anything. They call no svc; the share bounds
 * the writes one client can make to carts' and orders' metadata.
 */
const svcStoreClientShare = check(async (req, res) => {
  const refused = await shopperGuard(req.scope)?.takeClient(req)
  return !!refused && tooManyAttempts(res, refused)
})

/**
 * Medusa's cancel (`POST /admin/orders/:id/cancel`, the dashboard's "Cancel
 * order") refunds captured payments through the provider and, when the
 * provider refuses, still shows the refund. An order paid with svc whose
 * captured money is not all refunded is refused here, before anything
 * changes, with the way out (refund first in the "svc refunds" panel).
 */
const svcPaidOrderIsRefundedBeforeCancel = check((req) =>
  refuseCancelWithSvcMoney(req.scope, String(req.params.id))
)

// ---------------------------------------------------------------- a JSON body is an object
/**
 * The plugin's JSON bodies are objects. Medusa's validator reads an array, a
 * string or a number as a missing field with no name ("Field '' is
 * required"): the body itself is named instead, before the route reads it.
 */
function refuseNonObject(b: unknown) {
  if (
    b === undefined ||
    (typeof b === "object" && b !== null && !Array.isArray(b))
  )
    return
  const got = Array.isArray(b)
    ? "an array"
    : b === null
      ? "null"
      : `a ${typeof b}`
  throw invalidData(
    say("input.invalid", { problems: say("input.bodyNotObject", { got }) })
  )
}
export const jsonObjectBody = check(async (req) => refuseNonObject(req.body))

// ---------------------------------------------------------------- admin routes take JSON only
/**
 * The plugin's admin routes that move money or change where it goes (refunds,
 * withdrawals, token transfers, beneficiaries, allowed senders) take JSON
 * only (and the balance's payment link and its sending, which ask a buyer for money): a cross-site HTML form can send application/x-www-form-urlencoded,
 * multipart/form-data or text/plain with the admin's cookie, never
 * application/json (that needs a CORS preflight Medusa's admin CORS refuses).
 * Any other POST under /admin/svc that carries a body must be JSON too; a
 * body-less action (re-process, refresh) is left alone. 415 comes before the
 * route reads anything or calls svc.
 */
const SVC_MONEY_ROUTE =
  /^\/admin\/svc\/(withdrawals|refunds|token-transfers|beneficiaries|(bank-accounts|beneficiaries)\/[^/]+\/allowed-senders(\/[^/]+)?|orders\/[^/]+\/balance\/payment-link(\/send|\/revoke)?)\/?$/

export const svcAdminJsonOnly = check(async (req, res) => {
  if (req.method !== "POST") return
  const path = String(req.originalUrl ?? req.url).split("?")[0]!
  const h = req.headers
  // the media type as sent (its parameters, e.g. charset, aside)
  const type = h["content-type"]?.split(";")[0]
  const hasBody =
    type !== undefined ||
    Number(h["content-length"] ?? 0) > 0 ||
    h["transfer-encoding"] !== undefined
  if (!hasBody && !SVC_MONEY_ROUTE.test(path)) return
  if (type?.trim().toLowerCase() === "application/json")
    return refuseNonObject(req.body)
  res.status(415).json({
    type: "unsupported_media_type",
    message: `Content-Type: must be application/json (got ${h["content-type"] ? type?.slice(0, 60) : "none"}); the svc admin routes take JSON only`,
  })
  return true
})

/**
 * The plugin's admin routes read svc for an admin's page: this request's
 * scope says so, and the svc client it gets (svcFromContainer) ranks those
 * reads after shoppers' checkouts and settlement reads, within a quarter of
 * the account's ceiling, and keeps what pages read again and again for
 * seconds (SvcClient.forAdmin); a request that changes something (a
 * withdrawal checks the balance first) reads svc as it is now. An admin's read
 * that has no room is refused at once with 503 and "try again", never a
 * shopper's turn.
 */
export const svcAdminCaller = check(async (req) => {
  req.scope.register(
    SVC_CALLER_KEY,
    asValue(req.method === "GET" ? "admin" : "admin-write")
  )
})

/**
 * Every input of the plugin's admin routes, checked before the handler runs
 * by Medusa's validators: the body with validateAndTransformBody, the query
 * with validateAndTransformQuery (no fields/pagination config: the plugin's
 * lists have their own limit, offset and cursor), on schemas written on
 * Medusa's zod beside their routes (src/api/admin/svc/validators.ts and src/api/admin/svc/<area>/validators.ts).
 * Path ids come first, through Medusa's zodValidator too (Medusa has no
 * middleware for params): a bad one is the same 400 `invalid_data`. The
 * handlers read req.validatedBody and req.validatedQuery. The webhook routes
 * are not here: their bodies are hostile input the plugin's own code reads
 * (src/api/hooks/svc).
 */
export function validateParams(shape: z.ZodRawShape) {
  const schema = z.object(shape).strict()
  return async function validateParams(
    req: MedusaRequest,
    _res: MedusaResponse,
    next: MedusaNextFunction
  ) {
    return zodValidator(schema, req.params).then(() => next(), next)
  }
}
const body = validateAndTransformBody
const query = (schema: z.ZodType) => validateAndTransformQuery(schema, {})

type Check = NonNullable<MiddlewareRoute["middlewares"]>
const VERBS = ["GET", "POST", "DELETE"] as const
/** A route's path ids (`shape`) checked first, then `more` (its body or query). */
const params =
  (shape: z.ZodRawShape) =>
  (...more: Check): Check => [validateParams(shape), ...more]
const beneficiary = params({ id: svcId("id", "a beneficiary") })
const deposit = params({ id: svcId("id", "a deposit") })
const order = params({ order_id: orderId() })
/** An event or token transfer of the plugin's own tables, by its row id. */
const row = (prefix: string, what: string) =>
  params({ id: rowId("id", prefix, what) })()

/** The inputs of the routes under /admin/svc, by "METHOD path": path ids first, then the body or query. */
const inputs: Record<string, Check> = {
  "GET bank-accounts": [query(bankAccountsQuery)],
  "GET beneficiaries": [query(listQuery)],
  "POST beneficiaries": [body(beneficiaryRegister)],
  "DELETE beneficiaries/:id": beneficiary(),
  "POST beneficiaries/:id/verify": beneficiary(body(beneficiaryVerify)),
  "GET checkouts": [query(attentionQuery)],
  "GET deposits": [query(depositsQuery)],
  "GET deposits/:id": deposit(query(depositLookupQuery)),
  "POST deposits/:id/redrive": deposit(),
  "POST deposits/check-missed": [body(checkMissed)],
  "GET events": [query(eventsQuery)],
  "POST events/:id/process": row("svcin", "an inbox event id"),
  "GET events/tracked": [query(listQuery)],
  "POST events/tracked/:id/process": row("svcwh", "a webhook event id"),
  "GET orders/:order_id/balance": order(),
  "POST orders/:order_id/balance/payment-link": order(body(paymentLinkBody)),
  "POST orders/:order_id/balance/payment-link/send": order(
    body(sendPaymentLinkBody)
  ),
  "POST orders/:order_id/balance/payment-link/revoke": order(
    body(sendPaymentLinkBody)
  ),
  "GET orders/:order_id/einvoice": order(),
  "POST orders/:order_id/einvoice": order(body(einvoiceFlagBody)),
  "GET payouts": [query(refundPayoutsQuery)],
  "GET prefund/payouts": [query(payoutsQuery)],
  "POST refunds": [body(refundRequest)],
  "GET reports/settlement.csv": [query(periodQuery)],
  "GET reports/einvoice": [query(einvoiceQuery)],
  "GET token-transfers": [query(listQuery)],
  "POST token-transfers": [body(tokenTransferRequest)],
  "POST token-transfers/:id/refresh": row("svctt", "a token transfer id"),
  "POST webhook-token": [body(webhookTokenChange)],
  "GET withdrawals": [query(withdrawalsQuery)],
  "POST withdrawals": [body(withdrawalRequest)],
}
// a linked bank account's and a beneficiary's trigger address and its allowed senders
for (const [path, what] of [
  ["bank-accounts", "a linked bank account"],
  ["beneficiaries", "a beneficiary"],
] as const) {
  const owner = { id: svcId("id", what) }
  const id = params(owner)
  const senderIds = params({
    ...owner,
    sender_id: svcId("sender_id", "an allowed sender"),
  })
  const senders = `${path}/:id/allowed-senders`
  inputs[`POST ${path}/:id/trigger-address`] = id()
  inputs[`GET ${senders}`] = id()
  inputs[`POST ${senders}`] = id(body(allowedSenderAdd))
  inputs[`DELETE ${senders}/:sender_id`] = senderIds()
  inputs[`POST ${senders}/:sender_id`] = senderIds(body(allowedSenderChange))
}
/** Routes by "METHOD path" (GET, POST or DELETE), each with its middlewares in order. */
const byRoute = (
  table: Record<string, Check>,
  prefix = ""
): MiddlewareRoute[] =>
  Object.entries(table).map(([key, middlewares]) => ({
    matcher: `${prefix}${key.slice(key.indexOf(" ") + 1)}`,
    methods: VERBS.filter((v) => key.startsWith(`${v} `)),
    middlewares,
  }))
export const svcRouteInputs = byRoute(inputs, "/admin/svc/")

/** The buyer's e-invoice flag: the client's share, the path id, then the body. */
const einvoiceFlag = (id: z.ZodType) => [
  svcStoreClientShare,
  ...params({ id })(jsonObjectBody, body(einvoiceFlagBody)),
]

export default defineMiddlewares({
  // "try again" is 503; the plugin's sentences carry their codes (svc-error-handler.ts)
  errorHandler: svcErrorHandler,
  routes: [
    // svc reads for an admin's page come after shoppers' (see svcAdminCaller)
    { matcher: "/admin/svc/*", middlewares: [svcAdminCaller] },
    // The secret webhook token on /hooks/svc, before the body is read (Medusa's body parser is off here)
    {
      matcher: "/hooks/svc",
      methods: ["POST"],
      bodyParser: false,
      middlewares: [svcWebhookGate, webhookBody],
    },
    ...byRoute({
      "POST /store/payment-collections/:id/payment-sessions": [
        svcShopperSession,
      ],
      "POST /admin/orders/:id/cancel": [svcPaidOrderIsRefundedBeforeCancel],
      // Medusa's "Check status" banner: an svc session goes through the settle workflow (check-status.ts)
      "POST /admin/orders/:id/payment-sessions/authorize": [svcCheckStatus],
      // JSON only on the plugin's admin POST routes (see svcAdminJsonOnly)
      "POST /admin/svc/*": [svcAdminJsonOnly],
      // the webhook token on Medusa's own webhook route for the svc providers too
      "POST /hooks/payment/:provider": [svcWebhookGate],
      // the buyer's own e-invoice request (docs/einvoice.md): on the cart before it is an order, or on a customer's own order
      "POST /store/svc/carts/:id/einvoice": einvoiceFlag(cartId),
      // the line for svc's checkout budget (src/lib/svc-runtime/checkout-line.ts): asked every few seconds, no svc call
      "POST /store/svc/carts/:id/line": params({ id: cartId })(),
      "DELETE /store/svc/carts/:id/line": params({ id: cartId })(),
      "POST /store/svc/orders/:id/einvoice": [
        authenticate("customer", ["session", "bearer"]),
        ...einvoiceFlag(orderId("id")),
      ],
    }),
    ...svcRouteInputs,
  ],
})
