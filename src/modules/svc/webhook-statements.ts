/**
 * The statements on the webhook tables (`svc_webhook_event`, `svc_inbox_event`) and on
 * `svc_setting` that the svc module's service runs (service.ts): counters that add in one
 * statement from every instance, bounded reads by key or id range, and retention deletes.
 */

/** Unknown event types: how many counters there are, and whether this one is among them. */
export const COUNT_UNKNOWN_TYPES = `select count(*)::int as n, count(*) filter (where id = :id)::int as mine
  from svc_webhook_event where resource_id = :resource and deleted_at is null`

/** One more event of an unknown type: its counter row made or added to. */
export const ADD_UNKNOWN_TYPE = `insert into svc_webhook_event (id, event_id, event_type, resource_id, provider, outcome, detail, payload, created_at, updated_at)
  values (:id, :event_id, 'unknown', :resource, 'svc', 'not_supported', :detail, jsonb_build_object('count', 1), now(), now())
  on conflict (id) do update set
    payload = jsonb_build_object('count', coalesce((svc_webhook_event.payload->>'count')::bigint, 0) + 1),
    updated_at = now(), deleted_at = null`

export const UNKNOWN_TYPE_ROWS = `select event_id, payload, updated_at from svc_webhook_event
  where resource_id = :resource and deleted_at is null order by updated_at desc limit :limit`

/** A delivery logged: one statement, no transaction around it (the ORM's create opens one). */
export const LOG_WEBHOOK_EVENT = `insert into svc_webhook_event (id, event_id, event_type, resource_id, provider, outcome, detail, payload, created_at, updated_at)
  values (:id, :event_id, :event_type, :resource_id, :provider, :outcome, :detail, :payload::jsonb, now(), now())`

export const PRUNE_WEBHOOK_EVENTS = `delete from svc_webhook_event where id < :webhookBeforeId and id like 'svcwh\\_%' and (resource_id is null or resource_id <> :keepResource)`

export const PRUNE_INBOX_EVENTS = `delete from svc_inbox_event where id < :inboxBeforeId and id like 'svcin\\_%'
  and outcome in ('applied', 'unchanged', 'ignored_after_completed', 'recorded', 'unknown_resource', 'not_supported')`

/** The newest deliveries of each table (the doctor's "webhooks seen"): bounded by the time-ordered id. */
export const RECENT_WEBHOOK_EVENTS = `select event_type, created_at as at, 1 as n, outcome from svc_webhook_event
  where deleted_at is null and event_type is not null and (resource_id is null or resource_id <> :except) order by id desc limit :limit`
export const RECENT_INBOX_EVENTS = `select event_type, updated_at as at, deliveries as n, outcome from svc_inbox_event
  where deleted_at is null order by id desc limit :limit`

export const TWO_SETTINGS = `select key, value from svc_setting where key in (:a, :b) and deleted_at is null`

export const INSERT_SETTING_IF_ABSENT = `insert into svc_setting (id, key, value, created_at, updated_at) values (:id, :key, :value::jsonb, now(), now())
  on conflict (key) where deleted_at is null do nothing`

export const UPSERT_SETTING = `insert into svc_setting (id, key, value, created_at, updated_at) values (:id, :key, :value::jsonb, now(), now())
  on conflict (key) where deleted_at is null do update set value = excluded.value, updated_at = now()`

/** Request counts added to an hour's row by every instance at once (never read-modify-write). */
export const ADD_REQUEST_COUNTS = `insert into svc_setting (id, key, value, created_at, updated_at) values (:id, :key, :value::jsonb, now(), now())
  on conflict (key) where deleted_at is null do update set
    value = jsonb_build_object(
      'with', coalesce((svc_setting.value->>'with')::bigint, 0) + :with,
      'without', coalesce((svc_setting.value->>'without')::bigint, 0) + :without,
      'wrong', coalesce((svc_setting.value->>'wrong')::bigint, 0) + :wrong),
    updated_at = now()`

/** By key range (the unique index), never a scan. */
export const DELETE_SETTINGS_IN_RANGE = `delete from svc_setting where key >= :from and key < :to`
export const SETTINGS_IN_RANGE = `select value from svc_setting where key between :from and :to and deleted_at is null order by key desc limit :limit`

/** The newest withdrawal or token transfer svc accepted or refused as not enabled (the doctor's feature check). */
const lastSendOf = (table: string, svcIdColumn: string) =>
  `select created_at, ${svcIdColumn} as svc_id, failure_reason from ${table}
    where deleted_at is null and (${svcIdColumn} is not null or failure_reason ilike '%FEATURE_DISABLED%')
    order by created_at desc limit 1`
export const LAST_SEND = {
  withdrawal: lastSendOf("svc_withdrawal", "withdrawal_id"),
  token_transfer: lastSendOf("svc_token_transfer", "transfer_id"),
}

/** A buyer opened a lasting payment link: one statement, so concurrent openings each count; the first opening's time is kept. */
export const PAYMENT_LINK_OPENED = `update svc_payment_link set open_count = open_count + 1, opened_at = coalesce(opened_at, now()), last_opened_at = now(),
  last_checkout_id = coalesce(:checkoutId, last_checkout_id), updated_at = now() where id = :id and deleted_at is null`

/**
 * A job's heartbeat (`job:<name>` in svc_setting): this run's record (built in JS, `excluded.value`)
 * replaces the row's unless a newer run (by `finished_at`, ISO text) was written meanwhile by another
 * instance; the counters (`runs`, `failures_in_a_row`) and the last success and last error are carried
 * over in the same statement, so servers and workers recording at once lose nothing.
 */
export const RECORD_JOB_RUN = `insert into svc_setting (id, key, value, created_at, updated_at) values (:id, :key, :value::jsonb, now(), now())
  on conflict (key) where deleted_at is null do update set
    value = (case when coalesce(svc_setting.value->>'finished_at', '') <= (excluded.value->>'finished_at') then excluded.value else svc_setting.value end)
      || jsonb_strip_nulls(jsonb_build_object(
        'runs', coalesce((svc_setting.value->>'runs')::bigint, 0) + 1,
        'failures_in_a_row', case when excluded.value->>'outcome' = 'failed'
          then coalesce((svc_setting.value->>'failures_in_a_row')::int, 0) + 1 else 0 end,
        'last_ok_at', greatest(excluded.value->>'last_ok_at', svc_setting.value->>'last_ok_at'),
        'last_error', case when excluded.value->'last_error' is not null then excluded.value->'last_error' else svc_setting.value->'last_error' end,
        'last_error_at', greatest(excluded.value->>'last_error_at', svc_setting.value->>'last_error_at'))),
    updated_at = now()`

/** The jobs' heartbeats (keys `job:…`, a range of the unique index) and the mark of the plugin's first start (`jobs_since`). */
export const JOB_HEARTBEATS = `select key, value, created_at from svc_setting
  where ((key >= 'job:' and key < 'job;') or key = 'jobs_since') and deleted_at is null`

/** The events received since a time-ordered id (the support bundle's last hour): counters and bodies left out. */
export const WEBHOOK_EVENTS_FROM_ID = `select id, event_type, event_id, resource_id, provider, outcome, detail, created_at from svc_webhook_event
  where id >= :webhookFromId and deleted_at is null and (resource_id is null or resource_id <> :except) order by id desc limit :limit`
export const INBOX_EVENTS_FROM_ID = `select id, event_type, event_id, resource_id, status_hint, outcome, detail, deliveries, attempts, created_at, updated_at
  from svc_inbox_event where id >= :inboxFromId and deleted_at is null order by id desc limit :limit`
