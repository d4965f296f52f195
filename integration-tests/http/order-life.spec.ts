// The order life after checkout, through Medusa's own admin routes (what the
// dashboard's buttons call), issue 17: cancelling an svc-paid order that still
// holds the buyer's money is refused before anything changes, with the way out;
// the plugin's refund refuses before any payout what Medusa would refuse after
// it (a canceled order, an order change in progress).
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSvcSandbox } from "../helpers/svc-env"
import { capturedOrder, createCart, initiateSession, seedStore, SVC_PROVIDERS, type Store } from "../helpers/store"
import { signInAsAdmin, type AdminSdk } from "../helpers/admin"

jest.setTimeout(180_000)

const svc = useSvcSandbox()

medusaIntegrationTestRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let admin: AdminSdk
    const sb = () => svc.ref.sandbox.control
    const payoutCount = () => Object.keys((sb().state() as any).payouts ?? {}).length
    beforeEach(async () => {
      store = await seedStore(getContainer())
      admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
      sb().clearFaults()
    })

    /** A paid FPX order of RM120.50. */
    async function paidOrder(): Promise<{ paymentId: string; orderId: string }> {
      const { cartId, paymentCollectionId } = await createCart(api, store)
      const session = await initiateSession(api, store, paymentCollectionId, SVC_PROVIDERS.fpx, { cart_id: cartId })
      sb().pay(session.data.checkoutId)
      await api.post(`/store/carts/${cartId}/complete`, {}, store.headers)
      const order = await capturedOrder(getContainer(), cartId)
      return { paymentId: order.payment_collections[0].payments[0].id, orderId: order.id }
    }
    const refund = (body: Record<string, unknown>) => admin.client.fetch<any>("/admin/svc/refunds", { method: "POST", body })
    const failure = async (p: Promise<unknown>) => {
      try {
        await p
      } catch (e: any) {
        return { status: e.status as number, message: e.message as string }
      }
      throw new Error("accepted")
    }
    const toBank = { name: "Siti Aminah", bank_code: "MBBEMYKL", account_number: "5512345678" }
    const orderState = async (id: string) => {
      const { order } = await admin.admin.order.retrieve(id, { fields: "id,status,summary,*payment_collections.payments.refunds" })
      return order as any
    }

    it("cancel is refused while svc money is not refunded (nothing changes); refunded first through the svc refunds panel, it cancels; the plugin then refuses to refund the canceled order before any payout", async () => {
      const { paymentId, orderId } = await paidOrder()
      const before = payoutCount()

      const refused = await failure(admin.admin.order.cancel(orderId))
      expect(refused.status).toBe(400)
      expect(refused.message).toMatch(/paid with svc and RM120\.50 of it has not been refunded/)
      expect(refused.message).toMatch(/Refund the buyer first in the "svc refunds" panel of this order/)
      let o = await orderState(orderId)
      expect(o.status).not.toBe("canceled")
      expect(Number(o.summary.refunded_total ?? 0)).toBe(0)
      expect(o.payment_collections[0].payments[0].refunds ?? []).toHaveLength(0)
      expect(payoutCount()).toBe(before)

      // part refunded: still refused, naming what is left
      await refund({ payment_id: paymentId, amount: "20.50", beneficiary: toBank })
      expect((await failure(admin.admin.order.cancel(orderId))).message).toMatch(/RM100\.00 of it has not been refunded \(captured RM120\.50, refunded RM20\.50\)/)

      // all refunded: Medusa's cancel goes through, and records no refund of its own
      await refund({ payment_id: paymentId, amount: "100.00", beneficiary: toBank })
      await admin.admin.order.cancel(orderId)
      o = await orderState(orderId)
      expect(o.status).toBe("canceled")
      expect(o.payment_collections[0].payments[0].refunds).toHaveLength(2)
      expect(payoutCount()).toBe(before + 2)

      // the plugin's refund on a canceled order: refused before any payout (never "payout sent, answer 400")
      const late = await failure(refund({ payment_id: paymentId, amount: "10.00", beneficiary: toBank }))
      expect(late.status).toBe(400)
      expect(late.message).toMatch(/^payment_id: order .* is canceled, and Medusa records no refund on a canceled order; nothing was sent/)
      expect(payoutCount()).toBe(before + 2)
    })

    it("an order change in progress (an order edit): the plugin's refund is refused before any payout; once it is canceled the refund goes through", async () => {
      const { paymentId, orderId } = await paidOrder()
      const before = payoutCount()
      const { order_change } = await admin.admin.orderEdit.initiateRequest({ order_id: orderId })
      const refused = await failure(refund({ payment_id: paymentId, amount: "20.00", beneficiary: toBank }))
      expect(refused.status).toBe(400)
      expect(refused.message).toMatch(/^payment_id: order .* has an order change in progress \(edit .*, pending\), and Medusa records no refund until it is confirmed or canceled; nothing was sent/)
      expect(payoutCount()).toBe(before)

      await admin.admin.orderEdit.cancelRequest(order_change.order_id)
      const ok = await refund({ payment_id: paymentId, amount: "20.00", beneficiary: toBank })
      expect(ok.payout).toMatchObject({ amount_sen: 2000, status: "INITIATED" })
      expect(payoutCount()).toBe(before + 1)
    })
  },
})
