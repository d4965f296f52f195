import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The final status whose outcome is applied (settled_status): an event for a
 * settled checkout costs no svc call and no lock. (The snapshot now also
 * records the svc_payout columns of Migration20261122180000.)
 */
export class Migration20261123091926 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_checkout" add column if not exists "settled_status" text null, add column if not exists "settled_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_checkout" drop column if exists "settled_status", drop column if exists "settled_at";`
    )
  }
}
