// The server's sentences for the admin (src/lib/texts): said with a code and values, made English
// from the catalogue, and read back from the English to the same code and values (what the
// server does for a stored reason and an error, and the admin for an error's message).
import { MedusaError } from "@medusajs/framework/utils"
import { codesOf, english, recognise, recogniser, say, spoken, TEXTS } from ".."
import { toMedusaError } from "../../svc-runtime/errors"
import { failureReason } from "../../svc-runtime/status"
import { BackgroundReadBudget } from "../../../api/hooks/svc/guard"

const names = (template: string) =>
  [...template.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!)
/** The templates with too few words of their own to be read back ("{{check}}: {{detail}}"): said with their code, never recognised. */
const NOT_READ = [
  "common.hours",
  "common.seconds",
  "common.separator",
  "deposit.status",
  "doctor.featureWhy",
  "doctor.summaryProblem",
  "doctor.twoAdvices",
]

describe("the server's sentences", () => {
  it("every sentence of the catalogue is read back from its English to its code and values, but the few with almost no words of their own", () => {
    const wrong: string[] = []
    const unread: string[] = []
    for (const [code, template] of Object.entries(TEXTS)) {
      const params = Object.fromEntries(
        names(template).map((n, i) => [n, `v${i}Q${n}`])
      )
      const r = recognise(english({ code, params }))
      if (!r) unread.push(code)
      else if (
        r.code !== code ||
        JSON.stringify(r.params) !== JSON.stringify(params)
      )
        wrong.push(`${code} read as ${r.code} ${JSON.stringify(r.params)}`)
    }
    expect(wrong).toEqual([])
    expect(unread.sort()).toEqual(NOT_READ)
  })

  it("says a sentence with its values, other sentences and lists among them, in the catalogue's English", () => {
    const s = say("doctor.featuresOff", {
      features: [say("feature.wallet"), "direct_checkout"],
    })
    expect(s).toEqual({
      code: "doctor.featuresOff",
      params: {
        features: [{ code: "feature.wallet", params: {} }, "direct_checkout"],
      },
    })
    expect(english(s)).toBe("not enabled: Wallet; direct_checkout")
    expect(
      english(
        say("job.off", { option: "watchEverySeconds", last: say("job.noRun") })
      )
    ).toBe("switched off (watchEverySeconds: 0); no run recorded")
    expect(spoken("advice", null)).toEqual({
      advice: null,
      advice_code: null,
      advice_params: null,
    })
    expect(spoken("detail", say("doctor.webhooksNone"))).toEqual({
      detail: "none yet",
      detail_code: "doctor.webhooksNone",
      detail_params: {},
    })
  })

  it("reads the stored reasons and svc's errors back, values that are sentences of their own included", () => {
    const reason = english(
      say("attention.orderCanceled", {
        order: "order_01ABC",
        reason: failureReason("FAILED", false)!,
      })
    )
    expect(codesOf("attention_reason", reason)).toEqual({
      attention_reason_code: "attention.orderCanceled",
      attention_reason_params: {
        order: "order_01ABC",
        reason:
          "The payment failed at the bank or wallet. Please try again or choose another method.",
      },
    })
    expect(
      recognise(
        "The payment failed at the bank or wallet. Please try again or choose another method."
      )?.code
    ).toBe("payment.failed")
    // svc's 400 with a requestId, and without
    const e = toMedusaError(
      {
        status: 400,
        code: "INVALID_REQUEST",
        message: "bad account",
        requestId: "req_1",
      },
      "sending the refund payout"
    )
    expect(e).toBeInstanceOf(MedusaError)
    expect(e.message).toBe(
      "svc refused the request while sending the refund payout: INVALID_REQUEST: bad account (svc requestId req_1)"
    )
    expect(recognise(e.message)).toEqual({
      code: "error.refusedRef",
      params: {
        doing: "sending the refund payout",
        message: "INVALID_REQUEST: bad account",
        ref: "svc requestId req_1",
      },
    })
    expect(recognise("sending the refund payout")?.code).toBe(
      "doing.sendingPayout"
    )
    expect(
      recognise(
        toMedusaError({ status: 503, message: "down" }, "reading svc").message
      )?.code
    ).toBe("error.notAnswering")
    // a sentence the catalogue does not have: no code (the English is shown as it is)
    expect(codesOf("message", "something else entirely")).toEqual({
      message_code: null,
      message_params: null,
    })
    expect(codesOf("message", null)).toEqual({
      message_code: null,
      message_params: null,
    })
  })

  it("the events page's details, a checkout's history and check-missed's answer, stored or sent in English, read back to their codes", () => {
    // an inbox event's detail as processInboxEvent writes it: what the event said, what svc says now, what was kept
    const kept = english(
      say("event.eventSaid", {
        hint: "PENDING",
        now: say("event.keptCompleted", {
          now: say("event.svcSaysTransferWhy", {
            status: "COMPLETED",
            transfer: "FAILED",
            reason: "sender_not_allowed",
          }),
        }),
      })
    )
    expect(kept).toBe(
      "event said PENDING; svc says COMPLETED, transfer FAILED (sender_not_allowed); the stored COMPLETED is kept"
    )
    const r = recognise(kept)!
    expect(r.code).toBe("event.keptCompleted") // the most specific reading; its value is a sentence too
    expect(recognise(String(r.params.now))).toEqual({
      code: "event.eventSaid",
      params: {
        hint: "PENDING",
        now: "svc says COMPLETED, transfer FAILED (sender_not_allowed)",
      },
    })
    expect(
      recognise("svc says COMPLETED, transfer FAILED (sender_not_allowed)")
        ?.code
    ).toBe("event.svcSaysTransferWhy")
    expect(
      recognise("svc says COMPLETED, transfer COMPLETED, withdrawal PENDING")
        ?.code
    ).toBe("event.svcSaysTransferWithdrawal")
    expect(recognise("svc says COMPLETED, withdrawal PENDING")?.code).toBe(
      "event.svcSaysWithdrawal"
    )
    // a read deferred for the budget: the error's message is the detail
    let deferred = ""
    try {
      new BackgroundReadBudget(0.1, 0.5, 30).take({ used: 900, limit: 1000 })
    } catch (e) {
      deferred = (e as Error).message
    }
    expect(recognise(deferred)).toEqual({
      code: "event.deferred",
      params: {
        why: "svc's rate budget is 900 of 1000 used: shoppers and settlements go first",
      },
    })
    expect(
      recognise(
        "svc's rate budget is 900 of 1000 used: shoppers and settlements go first"
      )?.code
    ).toBe("event.budgetBusy")
    // a checkout's status history and check-missed's answer
    expect(
      codesOf(
        "detail",
        "order order_01 placed by the webhook after 2 deferred attempt(s)"
      )
    ).toEqual({
      detail_code: "history.orderPlacedAfter",
      detail_params: { order: "order_01", source: "webhook", n: "2" },
    })
    expect(recognise("order order_01 placed by the webhook")).toEqual({
      code: "history.orderPlaced",
      params: { order: "order_01", source: "webhook" },
    })
    expect(spoken("message", say("deposit.checkKnown", { n: 2 }))).toEqual({
      message: "svc already knows this transaction: 2 deposit(s).",
      message_code: "deposit.checkKnown",
      message_params: { n: 2 },
    })
  })

  it("a reader takes the most specific template that matches the whole text", () => {
    const read = recogniser([
      ["a.short", "payout {{id}} {{status}}"],
      ["a.long", "already requested: payout {{id}} {{status}}"],
      ["a.generic", "{{x}}: {{y}}"],
    ])
    expect(read("already requested: payout p1 SETTLED")).toEqual({
      code: "a.long",
      params: { id: "p1", status: "SETTLED" },
    })
    expect(read("payout p1 SETTLED")).toEqual({
      code: "a.short",
      params: { id: "p1", status: "SETTLED" },
    })
    expect(read("x: y")).toBeNull() // too few words of its own to be read back
    // a value named `path` is a field's path, without a space: the plugin's rule inside Medusa's sentence is read as Medusa's
    const input = recogniser([
      ["i.rule", "{{path}}: must be 6-20 digits"],
      ["i.medusa", "Invalid request: {{problems}}"],
    ])
    expect(
      input("Invalid request: account_number: must be 6-20 digits")
    ).toEqual({
      code: "i.medusa",
      params: { problems: "account_number: must be 6-20 digits" },
    })
    expect(input("account_number: must be 6-20 digits")).toEqual({
      code: "i.rule",
      params: { path: "account_number" },
    })
  })
})
