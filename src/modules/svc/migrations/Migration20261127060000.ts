import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * svc_payment_link: the lasting payment links of orders' balances ("Request
 * payment": the store's own link, opened days later; docs/payment-links.md).
 * Additive: a new table.
 */
export class Migration20261127060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "svc_payment_link" ("id" text not null, "order_id" text not null, "payment_collection_id" text null, "provider_id" text not null, "amount_sen" integer not null, "expires_at" timestamptz not null, "sent_at" timestamptz null, "sent_to" text null, "requested_by" text null, "opened_at" timestamptz null, "last_opened_at" timestamptz null, "open_count" integer not null default 0, "last_checkout_id" text null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_payment_link_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payment_link_deleted_at" ON "svc_payment_link" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payment_link_order_id" ON "svc_payment_link" ("order_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "svc_payment_link" cascade;`)
  }
}
