// An admin user who can sign in with email and password (Medusa's emailpass
// provider), created or updated idempotently: the user, its auth identity, and
// the link between them (`app_metadata.user_id`). Used by the demo seed and by
// the browser tests, which then sign in through `POST /auth/user/emailpass`
// and check orders through Medusa's admin API like a merchant would.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/core-flows"

/** Returns whether the user was created (false: it existed; its password is now `password`). */
export async function ensureAdminUser(container: MedusaContainer, email: string, password: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const userModule = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const [user] = await userModule.listUsers({ email })
  const { data: identities } = await query.graph({
    entity: "provider_identity",
    fields: ["id", "auth_identity_id"],
    filters: { entity_id: email, provider: "emailpass" },
  })
  if (identities.length) {
    const r = await auth.updateProvider("emailpass", { entity_id: email, password })
    if (!r.success) throw new Error(`could not set the password of admin ${email}: ${r.error}`)
  }
  if (user) return false
  const { result } = await createUsersWorkflow(container).run({ input: { users: [{ email }] } })
  let authIdentityId = (identities[0] as { auth_identity_id?: string } | undefined)?.auth_identity_id
  if (!authIdentityId) {
    const r = await auth.register("emailpass", { body: { email, password } })
    if (!r.success || !r.authIdentity) throw new Error(`could not register admin ${email}: ${r.error}`)
    authIdentityId = r.authIdentity.id
  }
  await auth.updateAuthIdentities({ id: authIdentityId, app_metadata: { user_id: result[0].id } })
  return true
}
