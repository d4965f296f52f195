import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * svc_payout.refund_reason_id: the Medusa refund reason an admin chose in the svc refunds
 * panel, kept with the payout request so the job that finishes a request svc did not answer
 * for records Medusa's refund with the same reason. Additive: a null column.
 */
export class Migration20261127010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_payout" add column if not exists "refund_reason_id" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_payout" drop column if exists "refund_reason_id";`
    )
  }
}
