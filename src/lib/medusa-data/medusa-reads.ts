import { container as appContainer } from "@medusajs/framework"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import type {
  BigNumberInput,
  MedusaContainer,
  RemoteQueryFunction,
} from "@medusajs/framework/types"
import { exactSum } from "../money/sen-sums"

/**
 * Medusa's own data, read the way Medusa reads across modules: Query, through
 * the links Medusa defines (payment collection ↔ cart, cart ↔ order, payment
 * collection ↔ order). No SQL on Medusa's tables: any minor release may change
 * them (docs/architecture.md, "Medusa's data").
 *
 * A payment provider lives in the payment module's own container, which holds
 * no Query; the application's container (`@medusajs/framework`'s `container`,
 * where Medusa registers Query once the app has loaded) does. Routes, jobs and
 * subscribers pass their own scope. Where neither has Query (a provider
 * unit-tested alone) every read answers "nothing known", as the ledgers do
 * without a database.
 */
type Query = Omit<RemoteQueryFunction, symbol>
type Resolver = Pick<MedusaContainer, "resolve">

/** Query from `scope`, else from the application's container, else undefined. */
function medusaQuery(scope?: Resolver): Query | undefined {
  for (const c of [scope, appContainer]) {
    try {
      const query = c?.resolve(ContainerRegistrationKeys.QUERY)
      if (query) return query
    } catch {
      // awilix throws for a name it does not hold
    }
  }
  return undefined
}

/** A payment session's collection, the collection's cart and order, and whether it holds a live payment. */
export type CollectionContext = {
  payment_collection_id: string | null
  cart_id: string | null
  cart_completed: boolean
  order_id: string | null
  /** a payment of the collection was authorized or captured (not canceled) */
  paid: boolean
}

type Id = { id: string }
type When = string | Date
/** A payment session as Query gives it (the fields each read asks for). */
type SessionRow = Id & {
  data: Record<string, unknown> | null
  payment_collection_id: string
  payment_collection?:
    | (PaymentAmounts & {
        payments?:
          | (Id & {
              created_at: When
              canceled_at: When | null
              payment_session_id: string | null
            })[]
          | null
        cart?: (Id & { completed_at?: When | null; order?: Id | null }) | null
      })
    | null
}

type RefundAmount = Id & {
  amount: BigNumberInput
  raw_amount?: { value?: string | number } | null
  created_at: string | Date
}
type RefundRow = RefundAmount & {
  metadata: Record<string, unknown> | null
  payment_id: string
  payment?: {
    refunds?: RefundAmount[] | null
    payment_collection?: {
      order?: (Id & { status: string | null }) | null
    } | null
  } | null
}

/** What Medusa's payment module keeps of a collection's payments (Query's fields PAYMENT_AMOUNTS, from a session). */
export type PaymentAmounts = {
  authorized_amount?: BigNumberInput | null
  captured_amount?: BigNumberInput | null
}
export const PAYMENT_AMOUNTS = [
  "payment_collection.authorized_amount",
  "payment_collection.captured_amount",
]

/**
 * A payment of this collection was ever authorized or captured. Medusa's payment module sets
 * these amounts in the transaction that authorizes, captures or refunds (from the authorized
 * sessions and the captures) and a cancel leaves them as they were: both zero (or never set),
 * the collection has no live payment, so the read of its payments can be left out.
 */
export function paymentTouched(pc: PaymentAmounts | null | undefined) {
  return [pc?.authorized_amount, pc?.captured_amount].some(
    (a) => a != null && !MathBN.eq(a, 0)
  )
}

/** A payment session's checkout, payment, cart and the cart's order (sessionCarts). */
export type SessionCart = {
  checkout_id: string | null
  payment: { id: string; created_at: Date } | null
  payment_collection_id: string
  cart_id: string | null
  order_id: string | null
}

/** An order change in progress (pending or requested): Medusa records no refund until it ends. */
export type ActiveChange = {
  id: string
  change_type: string | null
  status: string
}

/** The newest order change in progress of an order, or null. */
export async function activeOrderChange(
  query: Query,
  orderId: string
): Promise<ActiveChange | null> {
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "change_type", "status"],
    filters: { order_id: orderId, status: ["pending", "requested"] },
    pagination: { order: { created_at: "DESC" }, take: 1 },
  })
  const c: ActiveChange | undefined = data[0]
  return c ? { ...c, change_type: c.change_type ?? null } : null
}

/** A refund's own fields for its amount and its time (Query). */
export const REFUND_FIELDS = ["id", "amount", "raw_amount", "created_at"]

/** The record of `entity` with this id (Query, the fields asked for), or undefined. */
export async function graphOne<T>(
  query: Query,
  entity: string,
  id: string,
  fields: string[]
): Promise<T | undefined> {
  const { data } = await query.graph({ entity, fields, filters: { id } })
  const one: T | undefined = data[0]
  return one
}

/** Medusa's data the plugin reads, through Query. */
export class MedusaReads {
  constructor(private readonly scope?: Resolver) {}

  private get query(): Query | undefined {
    return medusaQuery(this.scope)
  }

  /**
   * The payment collection of a session, its cart (and whether that is an order
   * already), its order (a balance collection, or a cart's once completed: only
   * then is there one, so only then is it read) and whether a payment of it was
   * authorized or captured. A collection no payment ever touched (paymentTouched)
   * costs two reads: the session with it, and its cart. Unknown session (or no
   * Query): nothing known.
   */
  async collectionOfSession(sessionId: string): Promise<CollectionContext> {
    const read = this.reader()
    const [s] = await read<SessionRow>(!!sessionId, "payment_session", {
      fields: ["payment_collection_id", ...PAYMENT_AMOUNTS],
      filters: { id: sessionId },
    })
    const touched = !!s && paymentTouched(s.payment_collection)
    const filters = { payment_collection_id: s?.payment_collection_id }
    // one payment not canceled is enough (a read of its own: through the collection it costs two)
    const [[link], live] = await Promise.all([
      read<{ cart_id: string }>(!!s, "cart_payment_collection", {
        fields: ["cart_id"],
        filters,
      }),
      read<Id>(touched, "payment", {
        fields: ["id"],
        filters: { ...filters, canceled_at: null },
        pagination: { take: 1 },
      }),
    ])
    const cartId = link?.cart_id ?? null
    // (a cart becomes an order with its payment authorized: an untouched collection's is not one)
    const [cart] = await read<{ completed_at: When | null }>(
      touched && !!cartId,
      "cart",
      { fields: ["completed_at"], filters: { id: cartId } }
    )
    const [order] = await read<{ order_id: string }>(
      !!s && (!cartId || !!cart?.completed_at),
      "order_payment_collection",
      { fields: ["order_id"], filters }
    )
    return {
      payment_collection_id: s?.payment_collection_id ?? null,
      cart_id: cartId,
      cart_completed: !!cart?.completed_at,
      order_id: order?.order_id ?? null,
      paid: live.length > 0,
    }
  }

  /** Query's rows of an entity when `when` (none without Query): untyped without Medusa's generated types, the fields asked for. */
  private reader() {
    const query = this.query
    return async <T>(
      when: boolean,
      entity: string,
      q: { fields: string[]; filters: object; pagination?: { take: number } }
    ): Promise<(T | undefined)[]> =>
      query && when ? (await query.graph({ ...q, entity })).data : []
  }

  /**
   * For each of these payment sessions (those that exist): the svc checkout its data names, its
   * payment Medusa recorded (authorized or captured, not canceled; the oldest), its collection's
   * cart and that cart's order.
   */
  async sessionCarts(sessionIds: string[]): Promise<Map<string, SessionCart>> {
    const out = new Map<string, SessionCart>()
    const query = this.query
    if (!query || !sessionIds.length) return out
    const { data } = await query.graph({
      entity: "payment_session",
      fields: [
        "id",
        "data",
        "payment_collection_id",
        "payment_collection.payments.id",
        "payment_collection.payments.created_at",
        "payment_collection.payments.canceled_at",
        "payment_collection.payments.payment_session_id",
        "payment_collection.cart.id",
        "payment_collection.cart.order.id",
      ],
      filters: { id: sessionIds },
    })
    const rows: SessionRow[] = data
    for (const s of rows) {
      const payments = (s.payment_collection?.payments ?? [])
        .filter((p) => p.payment_session_id === s.id && !p.canceled_at)
        .map((p) => ({ id: p.id, created_at: new Date(p.created_at) }))
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
      const checkoutId = s.data?.checkoutId
      out.set(s.id, {
        checkout_id: typeof checkoutId === "string" ? checkoutId : null,
        payment: payments[0] ?? null,
        payment_collection_id: s.payment_collection_id,
        cart_id: s.payment_collection?.cart?.id ?? null,
        order_id: s.payment_collection?.cart?.order?.id ?? null,
      })
    }
    return out
  }

  /**
   * A refund, with its payment's refunds and the payment collection's order: two reads, the refund
   * and then its payment (read through the refund, its payment's refunds gave a wrong share:
   * integration-tests/http/returns-exchanges.cases.ts).
   */
  private async refund(refundId: string): Promise<RefundRow | undefined> {
    const query = this.query
    if (!query || !refundId) return undefined
    const r = await graphOne<RefundRow>(query, "refund", refundId, [
      ...REFUND_FIELDS,
      "metadata",
      "payment_id",
    ])
    if (!r) return undefined
    const payment = await graphOne<RefundRow["payment"]>(
      query,
      "payment",
      r.payment_id,
      [
        ...REFUND_FIELDS.map((f) => `refunds.${f}`),
        "payment_collection.order.id",
        "payment_collection.order.status",
      ]
    )
    if (!payment)
      throw new Error(
        `the payment ${r.payment_id} of refund ${refundId} was not found`
      )
    return { ...r, payment }
  }

  /** Medusa's refund `refundId` exists (was committed and not removed). */
  async refundExists(refundId: string | null): Promise<boolean> {
    return !!(await this.refund(refundId ?? ""))
  }

  /**
   * Everything a payout asks of Medusa's refund `refundId`, from one read of it (the
   * refund, then its payment's refunds and order): the svc payout row it was made for
   * (refund.metadata.svc_payout_id), the exact total (decimal text) of its payment's
   * refunds before it (creation order, then id; removed refunds left out: with the
   * refund's own amount, its share of the payment's refunded total in sen), and, read
   * only when asked, its payment and order, the order's status and an order change in
   * progress.
   */
  async refundFacts(refundId: string) {
    const r = await this.refund(refundId)
    const id = r?.metadata?.svc_payout_id
    const order = r?.payment?.payment_collection?.order ?? null
    const query = this.query
    return {
      payoutRowId: typeof id === "string" ? id : null,
      refundedBefore: refundedBeforeOf(r),
      context: async () =>
        r
          ? {
              paymentId: r.payment_id,
              orderId: order?.id ?? null,
              orderStatus: order?.status ?? null,
              activeChange:
                order && query
                  ? await activeOrderChange(query, order.id)
                  : null,
            }
          : null,
    }
  }
}

/** What refundFacts gives: one read of a refund, for a payout. */
export type RefundFacts = Awaited<ReturnType<MedusaReads["refundFacts"]>>

function refundedBeforeOf(r: RefundRow | undefined): string {
  if (!r) return "0"
  const at = (x: { created_at: string | Date }) =>
    new Date(x.created_at).getTime()
  const before = (r.payment?.refunds ?? []).filter(
    (o) => at(o) < at(r) || (at(o) === at(r) && o.id < r.id)
  )
  return exactSum(before.map((o) => o.raw_amount?.value ?? o.amount))
}
