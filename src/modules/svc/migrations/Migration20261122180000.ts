import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Refunds via payouts: where the money goes, the fee, the checkout it refunds, attention flags. */
export class Migration20261122180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_payout" add column if not exists "checkout_id" text null, add column if not exists "fee_sen" integer null, add column if not exists "destination" jsonb null, add column if not exists "attention" text null, add column if not exists "attention_reason" text null, add column if not exists "note" text null, add column if not exists "requested_by" text null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payout_order_id" ON "svc_payout" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_payout_status" ON "svc_payout" ("status") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_svc_payout_order_id";`)
    this.addSql(`drop index if exists "IDX_svc_payout_status";`)
    this.addSql(
      `alter table if exists "svc_payout" drop column if exists "checkout_id", drop column if exists "fee_sen", drop column if exists "destination", drop column if exists "attention", drop column if exists "attention_reason", drop column if exists "note", drop column if exists "requested_by";`
    )
  }
}
