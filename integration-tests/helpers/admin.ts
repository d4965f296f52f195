// Medusa's admin API as a merchant's tooling uses it: an admin user signs in
// with email and password (`POST /auth/user/emailpass`) and every later call
// carries the JWT, all through @medusajs/js-sdk over real HTTP.
import { randomBytes } from "node:crypto"
import Medusa from "@medusajs/js-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ensureAdminUser } from "../../demo/admin-user"
import { medusaAmountToSen } from "../../src/rules/medusa-amount"
import { waitFor } from "./store"

export type AdminSdk = InstanceType<typeof Medusa>

export async function signInAsAdmin(
  container: MedusaContainer,
  baseUrl: string
): Promise<AdminSdk> {
  const email = "merchant@svc-tests.local"
  const password = randomBytes(12).toString("base64url")
  await ensureAdminUser(container, email, password)
  const sdk = new Medusa({
    baseUrl,
    auth: { type: "jwt", jwtTokenStorageMethod: "memory" },
  })
  const token = await sdk.auth.login("user", "emailpass", { email, password })
  if (typeof token !== "string")
    throw new Error(
      `admin sign-in did not return a token: ${JSON.stringify(token)}`
    )
  return sdk
}

/** An order with its payment collections, sessions, payments and captures, read through `GET /admin/orders/:id`. */
export async function adminOrder(sdk: AdminSdk, orderId: string): Promise<any> {
  const { order } = await sdk.admin.order.retrieve(orderId, {
    fields:
      "id,status,payment_status,total,currency_code,*payment_collections,*payment_collections.payments," +
      "*payment_collections.payments.captures,*payment_collections.payment_sessions",
  })
  return order
}

/** How an admin request was refused: the HTTP status and the message (the js-sdk's error); throws if it was accepted. */
export async function refusal(
  request: Promise<unknown>
): Promise<{ status: number; message: string }> {
  try {
    await request
  } catch (e: any) {
    return { status: e.status as number, message: e.message as string }
  }
  throw new Error("the request was accepted")
}

/**
 * The order as the admin's order page sees it: status, payment status, summary and every payment
 * with its captures. (Not `total`: asked for it, Medusa's summary counts a requested return's items
 * as due back before they are received.)
 */
export async function orderMoney(sdk: AdminSdk, orderId: string): Promise<any> {
  const { order } = await sdk.admin.order.retrieve(orderId, {
    fields:
      "id,status,payment_status,summary,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures",
  })
  return order
}

/** Waits (`timeoutMs`) until the order's payment is captured with nothing left due; answers the order (orderMoney). */
export const paidInFull = (
  sdk: AdminSdk,
  orderId: string,
  what: string,
  timeoutMs = 60_000
): Promise<any> =>
  waitFor(
    async () => {
      const o = await orderMoney(sdk, orderId)
      return o.payment_status === "captured" &&
        medusaAmountToSen(o.summary.pending_difference) === 0
        ? o
        : undefined
    },
    what,
    timeoutMs
  )

/** The dashboard's order edit: add items, request, confirm (Medusa makes the payment collection for the difference). */
export async function editAdding(
  sdk: AdminSdk,
  orderId: string,
  variantId: string,
  quantity = 1
) {
  await sdk.admin.orderEdit.initiateRequest({ order_id: orderId })
  await sdk.admin.orderEdit.addItems(orderId, {
    items: [{ variant_id: variantId, quantity }],
  })
  await sdk.admin.orderEdit.request(orderId)
  await sdk.admin.orderEdit.confirm(orderId)
}
