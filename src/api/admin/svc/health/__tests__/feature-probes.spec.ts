import { startSandbox, type Sandbox } from "../../../../../sandbox"
import { SvcClient } from "../../../../../client"
import {
  featuresCheck,
  probeFeatures,
  type FeatureState,
  type ProbeResult,
} from "../doctor"
import { english, spoken } from "../../../../../lib/texts"

// The doctor's feature probes (GET /admin/svc/health, "features"), read from the
// sandbox over real HTTP: only a read that answers (or 404 for the nil id) says
// a feature is on, only 403 FEATURE_DISABLED says it is off; anything else,
// 400 INVALID_REQUEST included, is not known.
let sandbox: Sandbox
let client: SvcClient
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, logErrors: false })
  const c = sandbox.credentials
  client = new SvcClient({
    baseUrl: sandbox.url,
    apiKey: c.apiKey,
    keyId: c.keyId,
    privateKey: c.privateKeyPem,
    algorithm: c.algorithm,
    maxRetries: 0,
  })
})
afterAll(async () => {
  await sandbox?.close()
})
afterEach(() => {
  sandbox.control.setBankListAvailable(true)
  sandbox.control.setFeature("directCheckout", true)
})

const asFeatures = (results: Record<string, ProbeResult>): FeatureState[] =>
  Object.entries(results).map(([feature, r]) => ({
    feature,
    label: feature,
    enabled: r.enabled,
    ...spoken("detail", r.detail),
  }))
/** A check with its sentences in English. */
const inEnglish = (c: ReturnType<typeof featuresCheck>) => ({
  level: c.level,
  detail: english(c.detail),
  advice: c.advice && english(c.advice),
})

describe("the doctor's feature probes", () => {
  it("every read answers: every probed feature enabled, the check green", async () => {
    const { results, networks } = await probeFeatures(client)
    expect(Object.values(results).map((r) => r.enabled)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    expect(networks).toBeDefined()
    expect(inEnglish(featuresCheck(asFeatures(results)))).toEqual({
      level: "ok",
      detail: "every feature the plugin uses answers",
      advice: null,
    })
  })

  it("svc answers the bank list 400 INVALID_REQUEST: direct checkout is not known (never reported enabled), the detail names svc's answer, the check is amber", async () => {
    sandbox.control.setBankListAvailable(false)
    const { results } = await probeFeatures(client)
    expect(results.direct_checkout.enabled).toBeNull()
    expect(english(results.direct_checkout.detail)).toMatch(
      /^could not check: svc answered 400 INVALID_REQUEST to GET \/v1\/checkout\/banks/
    )
    expect(english(results.direct_checkout.detail)).toContain(
      "the bank provider could not return its list"
    )
    expect(english(results.direct_checkout.detail)).toMatch(/requestId \S+/)
    expect(english(results.direct_checkout.detail)).toMatch(
      /does not say whether the feature is enabled/
    )
    expect(english(results.direct_checkout.detail)).not.toMatch(/^enabled/)
    // the other reads answered
    const { direct_checkout: _direct, ...others } = results
    expect(Object.values(others).every((r) => r.enabled === true)).toBe(true)

    const check = inEnglish(featuresCheck(asFeatures(results)))
    expect(check.level).toBe("warn")
    expect(check.detail).toMatch(
      /^not known: direct_checkout \(could not check: svc answered 400 INVALID_REQUEST/
    )
    expect(check.detail).not.toMatch(/every feature the plugin uses answers/)
    expect(check.advice).toMatch(
      /Run the check again in a minute: svc did not say whether direct_checkout is enabled/
    )
  })

  it("direct checkout disabled: 403 FEATURE_DISABLED says off, whatever the bank provider", async () => {
    sandbox.control.setBankListAvailable(false)
    sandbox.control.setFeature("directCheckout", false)
    const { results } = await probeFeatures(client)
    expect(results.direct_checkout).toEqual({
      enabled: false,
      detail: { code: "doctor.featureDisabled", params: {} },
    })
    expect(english(results.direct_checkout.detail)).toBe(
      "not enabled for this account (403 FEATURE_DISABLED)"
    )
    expect(inEnglish(featuresCheck(asFeatures(results)))).toMatchObject({
      level: "warn",
      detail: "not enabled: direct_checkout",
    })
  })
})
