import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122160819 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_withdrawal" drop constraint if exists "svc_withdrawal_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "svc_payout" drop constraint if exists "svc_payout_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "svc_checkout" drop constraint if exists "svc_checkout_checkout_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_checkout" drop constraint if exists "svc_checkout_idempotency_key_unique";`
    )
    this.addSql(
      `create table if not exists "svc_checkout" ("id" text not null, "payment_session_id" text not null, "provider_id" text not null, "attempt" integer not null default 1, "type" text not null, "idempotency_key" text not null, "title" text not null, "amount_sen" integer not null, "currency_code" text not null default 'myr', "checkout_id" text null, "checkout_url" text null, "status" text not null default 'CREATING', "status_history" jsonb not null default '{"entries":[]}', "expires_at" timestamptz null, "paid_at" timestamptz null, "tx_hash" text null, "failure_reason" text null, "attention" text null, "attention_reason" text null, "order_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_checkout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_checkout_idempotency_key_unique" ON "svc_checkout" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_checkout_deleted_at" ON "svc_checkout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_checkout_payment_session_id" ON "svc_checkout" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_checkout_checkout_id_unique" ON "svc_checkout" ("checkout_id") WHERE checkout_id IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_checkout_status" ON "svc_checkout" ("status") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_payout" ("id" text not null, "idempotency_key" text not null, "refund_id" text null, "payment_id" text null, "order_id" text null, "amount_sen" integer not null, "beneficiary_id" text null, "beneficiary_name" text null, "payout_id" text null, "status" text not null default 'CREATING', "status_history" jsonb not null default '{"entries":[]}', "failure_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_payout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_payout_idempotency_key_unique" ON "svc_payout" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payout_deleted_at" ON "svc_payout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payout_payout_id" ON "svc_payout" ("payout_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payout_payment_id" ON "svc_payout" ("payment_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_webhook_event" ("id" text not null, "event_id" text null, "event_type" text null, "resource_id" text null, "provider" text null, "outcome" text null, "detail" text null, "payload" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_webhook_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_webhook_event_deleted_at" ON "svc_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_webhook_event_event_id" ON "svc_webhook_event" ("event_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_webhook_event_resource_id" ON "svc_webhook_event" ("resource_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_withdrawal" ("id" text not null, "idempotency_key" text not null, "bank_account_id" text not null, "amount_sen" integer not null, "reference" text null, "withdrawal_id" text null, "status" text not null default 'CREATING', "status_history" jsonb not null default '{"entries":[]}', "failure_reason" text null, "requested_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_withdrawal_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_withdrawal_idempotency_key_unique" ON "svc_withdrawal" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_withdrawal_deleted_at" ON "svc_withdrawal" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_withdrawal_withdrawal_id" ON "svc_withdrawal" ("withdrawal_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "svc_checkout" cascade;`)

    this.addSql(`drop table if exists "svc_payout" cascade;`)

    this.addSql(`drop table if exists "svc_webhook_event" cascade;`)

    this.addSql(`drop table if exists "svc_withdrawal" cascade;`)
  }
}
