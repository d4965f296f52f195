import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * svc_checkout.payment_collection_id: a retry after a crash adopts the
 * open checkout of its payment collection by this column, not through the old
 * payment_session row, which Medusa deletes in parallel with creating the new
 * session. Rows made before this migration get it from their session where that
 * row still exists.
 */
export class Migration20261124121000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_checkout" add column if not exists "payment_collection_id" text null;`
    )
    // payment_session belongs to Medusa's payment module, which may not be migrated yet on a new install
    this.addSql(
      `do $$ begin if to_regclass('payment_session') is not null then update "svc_checkout" sc set "payment_collection_id" = ps."payment_collection_id" from "payment_session" ps where ps."id" = sc."payment_session_id" and sc."payment_collection_id" is null; end if; end $$;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_checkout_payment_collection_id" ON "svc_checkout" ("payment_collection_id") WHERE payment_collection_id IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_svc_checkout_payment_collection_id";`
    )
    this.addSql(
      `alter table if exists "svc_checkout" drop column if exists "payment_collection_id";`
    )
  }
}
