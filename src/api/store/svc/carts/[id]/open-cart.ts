import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { notAllowed, notFound } from "../../../../../lib/svc-runtime/errors"
import { say } from "../../../../../lib/texts"

/** The cart `id`, which must exist and not be an order yet (404, 409): a database read, no svc call. */
export async function openCart(
  scope: MedusaContainer,
  id: string
): Promise<void> {
  const { data } = await scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id } })
  if (!data[0]) throw notFound(say("input.noCart", { id }))
  if (data[0].completed_at) throw notAllowed(say("input.cartIsOrder", { id }))
}
