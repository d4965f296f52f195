import { model } from "@medusajs/framework/utils"

/**
 * The plugin's own per-store settings, one row per key:
 * - `webhook_token`: the store's generated webhook token (`{ token }`), made once
 *   (node:crypto, 32 bytes, base64url) by whichever instance needs it first;
 *   every instance reads the same row;
 * - `webhook_token_required`: `{ required, at, by }`, set by the admin's
 *   "Require the token" on Settings → svc connection;
 * - `webhook_requests:<hour>`: how many webhook requests arrived with, without
 *   or with a wrong token in that UTC hour (`{ with, without, wrong }`).
 * Read and written with SQL (src/api/hooks/svc/webhook-token.ts): `key` is unique
 * among live rows, so concurrent instances upsert one row per key.
 */
const SvcSetting = model.define("svc_setting", {
  id: model.id({ prefix: "svcset" }).primaryKey(),
  key: model.text().unique(),
  value: model.json().nullable(),
})

export default SvcSetting
