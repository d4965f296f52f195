// Which cart completion errors are for an admin (the cart cannot become the order the buyer paid
// for) and which pass with time (Medusa's cart lock, a dead connection): place-order.ts.
// The completions themselves run against a real Medusa app: integration-tests/http/paid-no-order.cases.ts.
import { MedusaError } from "@medusajs/framework/utils"
import { permanentReason } from "../place-order"

describe("permanentReason", () => {
  it("Medusa's cart lock, held or timed out, is never permanent", () => {
    expect(
      permanentReason(
        new MedusaError(
          MedusaError.Types.CONFLICT,
          'Failed to acquire lock for key "cart_01ABC"'
        )
      )
    ).toBeNull()
    expect(
      permanentReason(
        new MedusaError(MedusaError.Types.CONFLICT, "Timed-out acquiring lock.")
      )
    ).toBeNull()
    expect(
      permanentReason(new Error('Failed to acquire lock for key "cart_01ABC"'))
    ).toBeNull()
  })

  it("unexpected errors (database, connection) pass with time", () => {
    expect(
      permanentReason(new Error("Connection terminated unexpectedly"))
    ).toBeNull()
    expect(
      permanentReason(
        new MedusaError(MedusaError.Types.DB_ERROR, "deadlock detected")
      )
    ).toBeNull()
    expect(permanentReason(undefined)).toBeNull()
  })

  it("a cart Medusa refuses to complete is permanent, with the reason in words; stock named as such", () => {
    expect(
      permanentReason(
        new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "Cannot complete a cart with no items"
        )
      )
    ).toBe("Cannot complete a cart with no items")
    expect(
      permanentReason(
        new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "Some variant does not have the required inventory"
        )
      )
    ).toBe("stock is gone: Some variant does not have the required inventory")
    expect(
      permanentReason({
        type: MedusaError.Types.NOT_FOUND,
        message: "Region with id: reg_1 was not found",
      })
    ).toBe("Region with id: reg_1 was not found")
  })
})
