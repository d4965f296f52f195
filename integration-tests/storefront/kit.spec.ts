// The storefront side against a real Medusa app and the svc sandbox over real
// HTTP: FPX's personal-banking cap as the store API answers it.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSvcSandbox } from "../helpers/svc-env"
import { readStats, resetStats } from "../helpers/sandbox-stats"
import { createCart, seedStore, SVC_PROVIDERS, type Store } from "../helpers/store"

jest.setTimeout(120_000)

const svc = useSvcSandbox()

medusaIntegrationTestRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    let store: Store
    beforeAll(async () => {
      store = await seedStore(getContainer())
    })

    it("FPX direct with a retail bank above RM30,000: refused by the store API with the limit and the way out, no svc call", async () => {
      // 250 × RM120.50 = RM30,125
      const { paymentCollectionId } = await createCart(api, store, { quantity: 250 })
      await resetStats(svc.ref.sandbox.url)
      const res = await api
        .post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: SVC_PROVIDERS.fpxDirect, data: { bank: "MBB0228", bankType: "RETAIL", buyerName: "Siti Aminah" } },
          store.headers
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/limited to RM30,000 per payment; for a larger amount pay with FPX corporate banking or with the svc wallet/)
      expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
    })
  },
})
