import type { InferTypeOf } from "@medusajs/framework/types"
import { generateEntityId } from "@medusajs/framework/utils"
import type SvcCheckout from "./models/svc-checkout"
import { FINAL_CHECKOUT_STATUS } from "./statuses"

/**
 * The SQL of the `svc_checkout` ledger, for the svc module's service alone
 * (service.ts: its `checkouts`, on the module's connection). Every write is one
 * atomic statement (no read-modify-write), so two processes settling one
 * checkout cannot lose each other's history; a status history only grows.
 */
/** Named bindings (`:name` in the statement; knex turns them into parameters): never undefined. */
export type Bindings = Readonly<
  Record<string, string | number | boolean | null | object>
>
/** One statement's rows: the columns it returns (its `select` or `returning`). */
export type Sql = <Row = Record<string, unknown>>(
  sql: string,
  bindings?: Bindings
) => Promise<Row[]>

/** A status history entry as given (`at` is stamped when written; an ADOPTED one gets `from`, the session the checkout was taken from). */
type Entry = { status: string; source: string; detail?: string }

type Checkout = InferTypeOf<typeof SvcCheckout>
export type LedgerRow = Pick<
  Checkout,
  | "id"
  | "payment_session_id"
  | "checkout_id"
  | "status"
  | "settled_status"
  | "attention"
  | "attention_reason"
  | "order_id"
  | "order_attempts"
  | "amount_sen"
  | "title"
  | "idempotency_key"
  | "attempt"
  | "paid_at"
  | "tx_hash"
  | "failure_reason"
>

/** A row that may be a paid cart without an order (mayBePaidWithoutOrder). */
export type OrderCandidate = Pick<
  Checkout,
  | "id"
  | "payment_session_id"
  | "attention"
  | "order_attempts"
  | "order_retry_at"
> & { checkout_id: string }

/** A checkout a new session of the same collection may take over (OPEN_OF_COLLECTION). */
export type OpenCheckout = Pick<
  Checkout,
  "payment_session_id" | "attempt" | "idempotency_key"
> & { origin_session_id: string }

/** One status history entry stamped now, as JSON for `|| :entry::jsonb`. */
const entries = (e: Entry) =>
  JSON.stringify([{ ...e, at: new Date().toISOString() }])

/** `:entry` appended to the row's status history. */
const APPEND_ENTRY = `status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || :entry::jsonb)`

/** A `paid_no_order` flag cleared (another flag kept). */
const CLEAR_PAID_NO_ORDER = `attention = case when t.attention = 'paid_no_order' then null else t.attention end,
  attention_reason = case when t.attention = 'paid_no_order' then null else t.attention_reason end`

/**
 * A checkout this payment collection already asked svc for, with the same
 * provider and amount, not paid or closed, and whose session is not
 * `sessionId`: the store's request died after `POST /v1/checkout` left and
 * before the answer was stored (the shopper's retry makes a new session, as
 * Medusa deletes the old one), or the shopper started the same payment again.
 * The new session takes it over (adopt) instead of asking for a second
 * checkout: one link, one payment per cart. Links with under 2 minutes to
 * live are not reused.
 *
 * The collection is matched on the row's own `payment_collection_id`
 * (recorded with the intent), never through the earlier session's row:
 * Medusa's createPaymentSessionsWorkflow deletes the collection's earlier
 * sessions (a hard delete) in parallel with creating the new one, so when the
 * delete branch commits first that row is gone before this query runs. That
 * interleaving made a retry after a crash miss the open checkout and ask svc
 * for a second one.
 */
const OPEN_OF_COLLECTION = `select sc.payment_session_id, sc.attempt, sc.idempotency_key,
              coalesce((select e.v->>'from' from jsonb_array_elements(sc.status_history->'entries') with ordinality as e(v, n)
                         where e.v->>'status' = 'ADOPTED' and e.v->>'from' is not null order by e.n limit 1), sc.payment_session_id) as origin_session_id
         from svc_checkout sc
        where sc.payment_collection_id = :paymentCollectionId
          and sc.provider_id = :providerId and sc.amount_sen = :amountSen::int and sc.status in ('CREATING', 'CREATED')
          and sc.payment_session_id <> :sessionId and sc.deleted_at is null and sc.settled_status is null
          and sc.created_at > now() - interval '18 minutes'
          and (sc.expires_at is null or sc.expires_at > now() + interval '2 minutes')
        order by sc.created_at desc limit 1`

export class CheckoutLedger {
  constructor(private readonly sql: Sql) {}

  /**
   * One update `set` of the checkout's row `t`, locked, with the row as it was before (`prev`): a
   * second writer waits and then reads the first one's write, so "what it was before" tells one
   * caller only that it made a change (the plugin's events, docs/events.md). Answers the attention
   * the row had before, and its retry time.
   */
  private async lockedUpdate(checkoutId: string, set: string, b: Bindings) {
    type Row = { order_retry_at: Date; previous_attention: string | null }
    const [r] = await this.sql<Row>(
      `with prev as (select id, attention from svc_checkout where checkout_id = :checkoutId and deleted_at is null for update)
       update svc_checkout t set ${set}, updated_at = now() from prev where t.id = prev.id
       returning t.order_retry_at, prev.attention as previous_attention`,
      { ...b, checkoutId }
    )
    return r
  }

  async byCheckoutId(checkoutId: string): Promise<LedgerRow | undefined> {
    const [row] = await this.sql<LedgerRow>(
      `select id, payment_session_id, checkout_id, status, settled_status, attention, attention_reason, order_id, order_attempts,
              amount_sen, title, idempotency_key, attempt, paid_at, tx_hash, failure_reason
         from svc_checkout where checkout_id = :checkoutId and deleted_at is null limit 1`,
      { checkoutId }
    )
    return row
  }

  /** The outcome of a final status is applied in Medusa: later events for it cost nothing. */
  async markSettled(checkoutId: string, status: string): Promise<void> {
    await this.sql(
      `update svc_checkout set settled_status = :status, settled_at = now(), updated_at = now()
        where checkout_id = :checkoutId and deleted_at is null`,
      { status, checkoutId }
    )
  }

  /**
   * Money or an order needs an admin: visible on the order and the needs-attention page.
   * Returns the attention the row had before (null: none), read under the row's lock in the
   * same statement: of two callers, the second sees the first's flag.
   */
  async flag(
    checkoutId: string,
    attention: string,
    reason: string,
    orderId?: string
  ): Promise<string | null> {
    const r = await this.lockedUpdate(
      checkoutId,
      `attention = :attention, attention_reason = :reason, order_id = coalesce(:orderId, t.order_id)`,
      { attention, reason: reason.slice(0, 1000), orderId: orderId ?? null }
    )
    return r?.previous_attention ?? null
  }

  /**
   * The rows that may be a paid cart without an order, from this table alone (the
   * payment and the cart's order are Medusa's: MedusaReads.sessionCarts tells), a page of
   * `limit` from `after` (a row id): svc said COMPLETED (the provider records that before it
   * answers Medusa "captured", so a payment Medusa recorded is COMPLETED here), no order
   * known yet, not flagged for an admin (a `paid_no_order` flag no retry has looked at yet
   * excepted: rows flagged before retries existed). Rows waiting for their back-off are
   * included: their cart may have become an order meanwhile (the caller checks when each is due).
   * "due" (the watcher, every few seconds): only carts a run already left for later, and
   * old flags; "all" (the job): any of the last 30 days, a crash's leftovers included.
   */
  async mayBePaidWithoutOrder(
    scope: "due" | "all",
    limit: number,
    after: string | null
  ): Promise<OrderCandidate[]> {
    const which =
      scope === "due"
        ? `and (order_retry_at is not null or (attention = 'paid_no_order' and order_attempts = 0))`
        : `and (order_retry_at is not null or attention = 'paid_no_order' or settled_status is null or created_at > now() - interval '30 days')`
    return this.sql<OrderCandidate>(
      `select id, checkout_id, payment_session_id, attention, order_attempts, order_retry_at
         from svc_checkout
        where deleted_at is null and checkout_id is not null and order_id is null
          and (status = 'COMPLETED' or order_retry_at is not null or attention = 'paid_no_order')
          and (attention is null or (attention = 'paid_no_order' and order_attempts = 0))
          ${which}
          and (:after::text is null or id > :after)
        order by id
        limit :limit`,
      { after, limit }
    )
  }

  /**
   * The cart of this checkout became an order another way (the storefront's own
   * completion, an admin): its order is recorded, so the row is no longer looked at. A row a
   * run had left for a later attempt closes that attempt, and its history says so.
   */
  async recordOrderFound(
    checkoutId: string,
    orderId: string,
    detail: string
  ): Promise<void> {
    await this.sql(
      `update svc_checkout set order_id = :orderId,
         status_history = case when order_retry_at is null then status_history
           else jsonb_set(status_history, '{entries}', (status_history->'entries') || :entry::jsonb) end,
         order_retry_at = null, updated_at = now()
       where checkout_id = :checkoutId and deleted_at is null and order_id is null`,
      {
        checkoutId,
        orderId,
        entry: entries({
          status: "ORDER_PLACED",
          source: "completion",
          detail,
        }),
      }
    )
  }

  /**
   * The paid cart is an order: a `paid_no_order` flag is cleared, the history says how it came.
   * True when this call cleared such a flag (once: the row is locked by the statement).
   */
  async recordOrderPlaced(
    checkoutId: string,
    orderId: string,
    entry: Entry
  ): Promise<boolean> {
    const r = await this.lockedUpdate(
      checkoutId,
      `${CLEAR_PAID_NO_ORDER}, ${APPEND_ENTRY}, order_id = :orderId, order_retry_at = null,
       settled_status = coalesce(t.settled_status, 'COMPLETED'), settled_at = coalesce(t.settled_at, now())`,
      { orderId, entry: entries(entry) }
    )
    return r?.previous_attention === "paid_no_order"
  }

  /**
   * Not an order yet, for a reason that passes (Medusa's cart lock held, say by
   * a killed process for its lease): tried again after min(baseS · 2^attempts,
   * capS) seconds. Not a flag: a `paid_no_order` flag from before is cleared.
   * Returns when the next attempt is due, and whether this call cleared such a flag.
   */
  async recordOrderLater(
    checkoutId: string,
    reason: string,
    backoff: { baseS: number; capS: number },
    entry: Omit<Entry, "detail">
  ): Promise<{ retryAt: Date | undefined; cleared: boolean }> {
    const r = await this.lockedUpdate(
      checkoutId,
      `${CLEAR_PAID_NO_ORDER}, ${APPEND_ENTRY}, order_attempts = t.order_attempts + 1,
       order_retry_at = now() + make_interval(secs => least(:capS::float8, :baseS::float8 * power(2, least(t.order_attempts, 20))))`,
      { ...backoff, entry: entries({ ...entry, detail: reason.slice(0, 500) }) }
    )
    return {
      retryAt: r?.order_retry_at,
      cleared: r?.previous_attention === "paid_no_order",
    }
  }

  /** The paid cart cannot become an order (changed after payment, stock gone, region removed): an admin refunds or places it by hand. */
  /** True when this call flagged it (it was not flagged `paid_no_order` before: once, the row locked by the statement). */
  async recordOrderImpossible(
    checkoutId: string,
    reason: string,
    entry: Omit<Entry, "detail">
  ): Promise<boolean> {
    const r = await this.lockedUpdate(
      checkoutId,
      `attention = 'paid_no_order', attention_reason = :reason, order_retry_at = null,
       order_attempts = t.order_attempts + 1, ${APPEND_ENTRY}`,
      {
        reason: reason.slice(0, 1000),
        entry: entries({ ...entry, detail: reason.slice(0, 500) }),
      }
    )
    return !!r && r.previous_attention !== "paid_no_order"
  }

  /** Record the key and title before the request is sent (spec: Idempotency rules 1). */
  async recordIntent(
    row: {
      paymentSessionId: string
      /** the session's payment collection (MedusaReads.collectionOfSession), null when unknown */
      paymentCollectionId: string | null
      providerId: string
      attempt: number
      type: string
      idempotencyKey: string
      title: string
      amountSen: number
    },
    /** recorded only when no checkout of the collection may be taken over (OPEN_OF_COLLECTION): else that checkout */
    unlessOpen = false
  ): Promise<{ title: string; open?: undefined } | { open: OpenCheckout }> {
    type Made = Partial<OpenCheckout> & { title: string | null }
    const values = `:id, :paymentSessionId, :paymentCollectionId, :providerId, :attempt::int, :type, :idempotencyKey, :title, :amountSen::int,
               'CREATING', jsonb_build_object('entries', :entry::jsonb)`
    const insert = `insert into svc_checkout (id, payment_session_id, payment_collection_id, provider_id, attempt, type, idempotency_key, title, amount_sen, status, status_history)`
    const [made] = await this.sql<Made>(
      unlessOpen
        ? `with open as (${OPEN_OF_COLLECTION}),
                made as (${insert} select ${values} where not exists (select 1 from open)
                         on conflict (idempotency_key) where deleted_at is null do nothing returning title)
           select (select title from made) as title, o.* from (select 1) one left join open o on true`
        : `${insert} values (${values})
           on conflict (idempotency_key) where deleted_at is null do nothing
           returning title`,
      {
        ...row,
        sessionId: row.paymentSessionId,
        id: generateEntityId("", "svcco"),
        entry: entries({ status: "CREATING", source: "initiate" }),
      }
    )
    if (made?.title) return { title: made.title }
    const { payment_session_id: by, attempt, idempotency_key } = made ?? {}
    if (by && attempt && idempotency_key)
      return {
        open: {
          payment_session_id: by,
          attempt,
          idempotency_key,
          origin_session_id: made?.origin_session_id ?? by,
        },
      }
    // The key was recorded before (a retry, an adoption, a request made by an earlier version):
    // its stored title is what svc was sent under this key, so it is sent again unchanged.
    const [stored] = await this.sql<{ title: string }>(
      `select title from svc_checkout where idempotency_key = :idempotencyKey and deleted_at is null limit 1`,
      row
    )
    return stored ?? { title: row.title }
  }

  /**
   * The checkout now belongs to `sessionId` (adopted by a new session of the same collection).
   * The entry keeps the session it was taken `from`: the first one names the session whose
   * request made the key, so a later session can take it over again (OPEN_OF_COLLECTION).
   */
  async reassign(
    idempotencyKey: string,
    sessionId: string,
    detail: string
  ): Promise<void> {
    await this.sql(
      `update svc_checkout set payment_session_id = :sessionId, updated_at = now(),
         status_history = jsonb_set(status_history, '{entries}',
           (status_history->'entries') || jsonb_build_array((:entry::jsonb)->0 || jsonb_build_object('from', svc_checkout.payment_session_id)))
       where idempotency_key = :idempotencyKey and deleted_at is null`,
      {
        sessionId,
        idempotencyKey,
        entry: entries({ status: "ADOPTED", source: "initiate", detail }),
      }
    )
  }

  /**
   * svc answered: attach the checkout id and link. The collection's earlier unpaid
   * checkouts (a lasting link's expired one, a cart's before its amount or method
   * changed) stay the order's, each with one REPLACED entry naming this checkout
   * (`replaced.expired` for one past its expiry, now or on svc's clock: svc makes a
   * checkout's link for 20 minutes, so this one was made at its `expiresAt` - 20 min;
   * else `replaced.open`).
   */
  async recordCreated(
    idempotencyKey: string,
    c: { checkoutId: string; checkoutUrl: string; expiresAt: string },
    replaced: { expired: string; open: string }
  ): Promise<void> {
    const at = new Date().toISOString()
    await this.sql(
      `with cur as (
         update svc_checkout set checkout_id = :checkoutId, checkout_url = :checkoutUrl, expires_at = :expiresAt,
           status = case when status = 'CREATING' then 'CREATED' else status end,
           status_history = case when status = 'CREATING'
             then jsonb_set(status_history, '{entries}', (status_history->'entries') || :entry::jsonb) else status_history end,
           updated_at = now()
         where idempotency_key = :idempotencyKey and deleted_at is null
         returning id, payment_collection_id, created_at)
       update svc_checkout o set updated_at = now(),
         status_history = jsonb_set(o.status_history, '{entries}', (o.status_history->'entries') || jsonb_build_array(jsonb_build_object(
           'status', 'REPLACED', 'at', :at::text, 'source', 'initiate', 'replaced_by', :checkoutId::text,
           'detail', case when o.expires_at <= greatest(now(), :expiresAt::timestamptz - interval '20 minutes') then :expired::text else :open::text end)))
         from cur
        where o.payment_collection_id = cur.payment_collection_id and o.id <> cur.id and o.created_at <= cur.created_at
          and o.deleted_at is null and o.checkout_id is not null and o.checkout_id <> :checkoutId and o.status <> 'COMPLETED'
          and not (o.status_history->'entries') @> '[{"status": "REPLACED"}]'::jsonb`,
      {
        ...c,
        idempotencyKey,
        at,
        entry: JSON.stringify([{ status: "CREATED", at, source: "initiate" }]),
        expired: replaced.expired.slice(0, 500),
        open: replaced.open.slice(0, 500),
      }
    )
  }

  /** Creation failed for good (a 4xx): keep the row, marked, for the audit trail. */
  async recordCreateFailed(
    idempotencyKey: string,
    reason: string
  ): Promise<void> {
    await this.sql(
      `update svc_checkout set status = 'CREATE_FAILED', failure_reason = :reason, updated_at = now()
       where idempotency_key = :idempotencyKey and status = 'CREATING' and deleted_at is null`,
      { idempotencyKey, reason: reason.slice(0, 500) }
    )
  }

  /**
   * Record a status read from svc. History only grows; a final status is never
   * overwritten by an older one (PROCESSING after COMPLETED changes nothing).
   */
  async recordStatus(
    checkoutId: string,
    s: {
      status: string
      source: string
      paidAt?: string | null
      txHash?: string | null
      failureReason?: string | null
    }
  ): Promise<void> {
    await this.sql(
      `update svc_checkout set
         status = :status,
         paid_at = coalesce(:paidAt, paid_at),
         tx_hash = coalesce(:txHash, tx_hash),
         failure_reason = coalesce(:failureReason, failure_reason),
         ${APPEND_ENTRY}, updated_at = now()
       where checkout_id = :checkoutId and deleted_at is null and status <> :status
         and status not in ('COMPLETED', 'FAILED', 'CANCELLED', 'REJECTED')`,
      {
        checkoutId,
        status: s.status,
        paidAt: s.paidAt ?? null,
        txHash: s.txHash ?? null,
        failureReason: s.failureReason ?? null,
        entry: entries({ status: s.status, source: s.source }),
      }
    )
  }

  /**
   * Checkouts whose final status was recorded (the settle workflow writes it before it
   * applies it) but never applied, `olderThanS` ago or more, not flagged for an admin:
   * the run that recorded it stopped. Oldest first, at most `limit`.
   */
  async unsettled(olderThanS: number, limit: number): Promise<string[]> {
    const rows = await this.sql<{ checkout_id: string }>(
      `select checkout_id from svc_checkout
        where checkout_id is not null and deleted_at is null and settled_status is null and attention is null
          and status = any(:statuses) and updated_at < now() - make_interval(secs => :olderThanS)
        order by updated_at limit :limit`,
      { statuses: [...FINAL_CHECKOUT_STATUS, "EXPIRED"], olderThanS, limit }
    )
    return rows.map((r) => r.checkout_id)
  }
}
