import SvcModuleService from "../service"

// The module's start hook: what the provider's loader queued runs; with no svc provider loaded
// (the module installed, the payment module's providers not), a merchant is told at boot.
describe("the svc module's start", () => {
  const boot = async () => {
    const warnings: string[] = []
    const service = new SvcModuleService({
      manager: {} as never,
      logger: { warn: (m: string) => void warnings.push(m) } as never,
    })
    await service.__hooks.onApplicationStart()
    return warnings
  }

  it("with no svc payment provider loaded: one warning naming what to add", async () => {
    const warnings = await boot()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /no svc payment provider is configured: add medusa-payment-svc\/providers\/svc/
    )
  })

  it("with the provider loaded: its start-up runs once, nothing is warned", async () => {
    let ran = 0
    SvcModuleService.atStart.push(() => void ran++)
    expect(await boot()).toEqual([])
    expect(ran).toBe(1)
    expect(await boot()).toHaveLength(1) // run and emptied: a second app's start has its own
  })
})
