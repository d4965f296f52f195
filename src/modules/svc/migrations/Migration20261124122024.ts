import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * svc_checkout.order_attempts and order_retry_at: a paid cart whose
 * order is not placed yet is completed again by the job and the watcher, with a
 * back-off per cart (src/workflows/settle-checkout/complete-paid.ts).
 */
export class Migration20261124122024 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_checkout" add column if not exists "order_attempts" integer not null default 0, add column if not exists "order_retry_at" timestamptz null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_checkout_order_retry_at" ON "svc_checkout" ("order_retry_at") WHERE order_retry_at IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_svc_checkout_order_retry_at";`)
    this.addSql(
      `alter table if exists "svc_checkout" drop column if exists "order_attempts", drop column if exists "order_retry_at";`
    )
  }
}
