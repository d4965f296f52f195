import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123121515 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_token_transfer" drop constraint if exists "svc_token_transfer_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "svc_token_transfer" drop constraint if exists "svc_token_transfer_request_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_inbox_event" drop constraint if exists "svc_inbox_event_event_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_deposit" drop constraint if exists "svc_deposit_deposit_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_beneficiary" drop constraint if exists "svc_beneficiary_beneficiary_id_unique";`
    )
    this.addSql(
      `create table if not exists "svc_beneficiary" ("id" text not null, "beneficiary_id" text not null, "name" text not null, "kind" text not null, "bank_code" text null, "bank_name" text null, "account_number_masked" text null, "proxy_type" text null, "proxy_value_masked" text null, "name_check" text null, "bank_account_verified" boolean null, "bank_account_verified_at" text null, "name_match" text null, "trigger_address" text null, "removed_at" timestamptz null, "registered_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_beneficiary_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_beneficiary_beneficiary_id_unique" ON "svc_beneficiary" ("beneficiary_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_beneficiary_deleted_at" ON "svc_beneficiary" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_deposit" ("id" text not null, "deposit_id" text not null, "area" text not null, "status" text not null, "tx_hash" text not null, "chain_id" integer not null, "log_index" integer not null default 0, "token_id" text null, "amount" text not null, "from_address" text not null, "confirmations" integer not null default 0, "trigger_address" text null, "destination_type" text null, "destination_id" text null, "destination_name" text null, "result_status" text null, "status_reason" text null, "withdrawal_id" text null, "withdrawal_status" text null, "withdrawal_amount_sen" text null, "svc_created_at" text null, "svc_updated_at" text null, "status_history" jsonb not null default '{"entries":[]}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_deposit_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_deposit_deposit_id_unique" ON "svc_deposit" ("deposit_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_deposit_deleted_at" ON "svc_deposit" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_deposit_destination_id" ON "svc_deposit" ("destination_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_deposit_trigger_address" ON "svc_deposit" ("trigger_address") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_deposit_withdrawal_id" ON "svc_deposit" ("withdrawal_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_inbox_event" ("id" text not null, "event_id" text not null, "event_type" text not null, "resource_id" text null, "status_hint" text null, "outcome" text not null default 'received', "detail" text null, "deliveries" integer not null default 1, "attempts" integer not null default 0, "last_attempt_at" timestamptz null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_inbox_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_inbox_event_event_id_unique" ON "svc_inbox_event" ("event_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_inbox_event_deleted_at" ON "svc_inbox_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_inbox_event_resource_id" ON "svc_inbox_event" ("resource_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_inbox_event_outcome" ON "svc_inbox_event" ("outcome") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "svc_token_transfer" ("id" text not null, "request_id" text not null, "idempotency_key" text not null, "token_id" text not null, "network_id" text null, "network_name" text null, "token_symbol" text null, "address_to" text not null, "amount_sen" integer not null, "reference" text null, "transfer_id" text null, "status" text not null default 'CREATING', "fee_sen" text null, "tx_hash" text null, "status_history" jsonb not null default '{"entries":[]}', "failure_reason" text null, "requested_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_token_transfer_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_token_transfer_request_id_unique" ON "svc_token_transfer" ("request_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_token_transfer_idempotency_key_unique" ON "svc_token_transfer" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_token_transfer_deleted_at" ON "svc_token_transfer" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_token_transfer_transfer_id" ON "svc_token_transfer" ("transfer_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_token_transfer_status" ON "svc_token_transfer" ("status") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "svc_beneficiary" cascade;`)

    this.addSql(`drop table if exists "svc_deposit" cascade;`)

    this.addSql(`drop table if exists "svc_inbox_event" cascade;`)

    this.addSql(`drop table if exists "svc_token_transfer" cascade;`)
  }
}
