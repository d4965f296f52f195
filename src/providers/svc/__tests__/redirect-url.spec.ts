import { buildRedirectUrl } from "../redirect-url"

const T = "https://shop.example/checkout/return?cart_id={cart_id}"

describe("redirectUrl placeholders", () => {
  it("replaces {cart_id}, {session_id}, {order_id} and {payment_collection_id}, encoded", () => {
    expect(buildRedirectUrl(T, { cart_id: "cart_1" })).toBe(
      "https://shop.example/checkout/return?cart_id=cart_1"
    )
    expect(
      buildRedirectUrl(
        "https://s.example/r/{session_id}?o={order_id}&pc={payment_collection_id}&c={cart_id}",
        {
          session_id: "payses_1",
          order_id: "order_1",
          payment_collection_id: "pay_col 1",
          cart_id: "cart_1",
        }
      )
    ).toBe("https://s.example/r/payses_1?o=order_1&pc=pay_col%201&c=cart_1")
  })

  it("a payment collection with no cart never gets an empty cart_id: it is left out, the collection and order are named", () => {
    const url = buildRedirectUrl(T, {
      cart_id: null,
      payment_collection_id: "pay_col_9",
      order_id: "order_9",
      session_id: "payses_9",
    })
    expect(url).toBe(
      "https://shop.example/checkout/return?payment_collection_id=pay_col_9&order_id=order_9"
    )
    expect(url).not.toMatch(/cart_id=/)
    const both = buildRedirectUrl(
      "https://shop.example/return?cart_id={cart_id}&order_id={order_id}&pc={payment_collection_id}",
      {
        payment_collection_id: "pay_col_9",
        order_id: "order_9",
      }
    )
    expect(both).toBe(
      "https://shop.example/return?order_id=order_9&pc=pay_col_9"
    )
    // a cart's payment before its order exists: no empty order_id either
    expect(
      buildRedirectUrl(
        "https://shop.example/return?cart_id={cart_id}&order_id={order_id}",
        { cart_id: "cart_1", payment_collection_id: "pc" }
      )
    ).toBe("https://shop.example/return?cart_id=cart_1")
  })

  it("a placeholder in the path with no value is refused with the way out", () => {
    expect(() =>
      buildRedirectUrl("https://shop.example/carts/{cart_id}/return", {
        payment_collection_id: "pc",
      })
    ).toThrow(
      /redirectUrl puts \{cart_id\} outside a query parameter, and this payment has no cart id .*put \{cart_id\} in a query parameter/
    )
  })
})
