import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123121626 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "svc_trigger_address" drop constraint if exists "svc_trigger_address_owner_type_owner_id_unique";`
    )
    this.addSql(
      `create table if not exists "svc_trigger_address" ("id" text not null, "owner_type" text not null, "owner_id" text not null, "address" text not null, "network" text null, "active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "svc_trigger_address_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_trigger_address_deleted_at" ON "svc_trigger_address" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_svc_trigger_address_owner_type_owner_id_unique" ON "svc_trigger_address" ("owner_type", "owner_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_svc_trigger_address_address" ON "svc_trigger_address" ("address") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "svc_trigger_address" cascade;`)
  }
}
