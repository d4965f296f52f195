/**
 * Reads orders and captures straight from the bench's database: one query for all
 * carts per poll, so watching hundreds of carts adds no load to Medusa's HTTP server.
 */
import type { Pool } from "pg"

export interface CartOutcome {
  cartId: string
  /** orders linked to the cart (more than one is a double order) */
  orderIds: string[]
  /** when the first order was created (database clock = this machine's clock) */
  orderAt: number | null
  /** payments of the cart's collection with captured_at set */
  capturedPayments: number
  /** capture rows over all of the cart's payments */
  captures: number
}

/** Outcome per cart id (every requested cart has an entry). */
export async function outcomes(
  db: Pool,
  cartIds: string[]
): Promise<Map<string, CartOutcome>> {
  const out = new Map<string, CartOutcome>(
    cartIds.map((id) => [
      id,
      {
        cartId: id,
        orderIds: [],
        orderAt: null,
        capturedPayments: 0,
        captures: 0,
      },
    ])
  )
  if (!cartIds.length) return out
  const orders = await db.query<{
    cart_id: string
    order_id: string
    created_at: Date
  }>(
    `select oc.cart_id, oc.order_id, o.created_at
       from order_cart oc join "order" o on o.id = oc.order_id
      where oc.deleted_at is null and oc.cart_id = any($1)
      order by o.created_at`,
    [cartIds]
  )
  for (const r of orders.rows) {
    const o = out.get(r.cart_id)!
    o.orderIds.push(r.order_id)
    o.orderAt ??= r.created_at.getTime()
  }
  const pays = await db.query<{
    cart_id: string
    captured_payments: string
    captures: string
  }>(
    `select cpc.cart_id,
            count(distinct p.id) filter (where p.captured_at is not null) as captured_payments,
            count(c.id) as captures
       from cart_payment_collection cpc
       join payment p on p.payment_collection_id = cpc.payment_collection_id and p.deleted_at is null
       left join capture c on c.payment_id = p.id and c.deleted_at is null
      where cpc.deleted_at is null and cpc.cart_id = any($1)
      group by cpc.cart_id`,
    [cartIds]
  )
  for (const r of pays.rows) {
    const o = out.get(r.cart_id)!
    o.capturedPayments = Number(r.captured_payments)
    o.captures = Number(r.captures)
  }
  return out
}

/** A cart paid once but with two orders, two captured payments or two captures. */
export const doubleCaptured = (o: CartOutcome) =>
  o.orderIds.length > 1 || o.capturedPayments > 1 || o.captures > 1
