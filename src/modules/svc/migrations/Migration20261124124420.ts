import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * request_id on withdrawals and refund payouts: the admin form's own id,
 * unique where given, so a form sent twice (a lost answer, a double click, two
 * requests at the same moment) is one withdrawal or payout.
 */
export class Migration20261124124420 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_withdrawal" drop constraint if exists "svc_withdrawal_request_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_payout" drop constraint if exists "svc_payout_request_id_unique";`
    )
    this.addSql(
      `alter table if exists "svc_payout" add column if not exists "request_id" text null;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_payout_request_id_unique" ON "svc_payout" ("request_id") WHERE request_id IS NOT NULL AND deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "svc_withdrawal" add column if not exists "request_id" text null;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_withdrawal_request_id_unique" ON "svc_withdrawal" ("request_id") WHERE request_id IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_svc_payout_request_id_unique";`)
    this.addSql(
      `alter table if exists "svc_payout" drop column if exists "request_id";`
    )

    this.addSql(`drop index if exists "IDX_svc_withdrawal_request_id_unique";`)
    this.addSql(
      `alter table if exists "svc_withdrawal" drop column if exists "request_id";`
    )
  }
}
