import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * svc_setting: the plugin's per-store settings, one row per key: the
 * generated webhook token, whether the admin requires it, and the hourly counts
 * of webhook requests with and without it (src/lib/webhooks/webhook-token.ts).
 */
export class Migration20261124171500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "svc_setting" ("id" text not null, "key" text not null, "value" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_setting_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_setting_deleted_at" ON "svc_setting" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_setting_key_unique" ON "svc_setting" ("key") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "svc_setting" cascade;`)
  }
}
