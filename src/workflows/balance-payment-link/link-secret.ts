import { z } from "@medusajs/framework/zod"
import type { SvcModuleService } from "../../modules/svc"
import { generateLinkSecret } from "./link-token"

export const LINK_SECRET_KEY = "payment_link_secret"

const STORED = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })
const parse = (v: unknown): unknown =>
  typeof v === "string" ? JSON.parse(v) : v

/** The secret kept in `svc_setting`, through the svc module's service (its one owner). */
async function read(pg: SvcModuleService): Promise<string | null> {
  const [row] = await pg.twoSettings(LINK_SECRET_KEY, LINK_SECRET_KEY)
  if (!row) return null
  const stored = STORED.safeParse(parse(row.value))
  // never replaced by a new one: every link already sent would stop working
  if (!stored.success)
    throw new Error(
      "svc_setting payment_link_secret: the stored value is not a link secret"
    )
  return stored.data.secret
}

/**
 * The store's secret for payment link tokens: 32 random bytes made once, by
 * whichever instance needs it first (`on conflict do nothing`, then every
 * instance reads the same row). Read from the database on each use (one
 * indexed row): never cached past a request, never logged, never in an answer.
 */
export async function linkSecret(pg: SvcModuleService): Promise<string> {
  const found = await read(pg)
  if (found) return found
  await pg.insertSettingIfAbsent(LINK_SECRET_KEY, {
    secret: generateLinkSecret(),
  })
  const made = await read(pg)
  if (!made)
    throw new Error(
      "svc_setting payment_link_secret: not found after it was made"
    )
  return made
}
