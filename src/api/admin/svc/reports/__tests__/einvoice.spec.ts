import {
  einvoiceCsv,
  einvoiceRequested,
  groupEinvoice,
  paymentModeOfProvider,
  paymentModeOfType,
  type EinvoicePayment,
  type EinvoiceRefund,
} from "../einvoice/myinvois"
import { zodValidator } from "@medusajs/framework"
import { einvoiceQuery, monthPeriod } from "../validators"
import { einvoiceFlagBody } from "../../orders/validators"
import { mytTimestamp, rmText } from "../csv"

const at = (iso: string) => Date.parse(iso)

describe("MyInvois payment modes (LHDN code list)", () => {
  it("FPX hosted and direct are 03 Bank Transfer, the svc wallet 06 e-Wallet / Digital Wallet; anything else none", () => {
    expect(paymentModeOfType("FPX_HOSTED")).toBe("03")
    expect(paymentModeOfType("FPX_DIRECT")).toBe("03")
    expect(paymentModeOfType("SVC_ACCOUNT")).toBe("06")
    expect(paymentModeOfType("CARD")).toBeNull()
    expect(paymentModeOfType(null)).toBeNull()
    expect(paymentModeOfProvider("pp_svc-wallet_svc")).toBe("06")
    expect(paymentModeOfProvider("pp_svc-fpx_svc")).toBe("03")
    expect(paymentModeOfProvider("pp_svc-fpx-direct_svc")).toBe("03")
    expect(paymentModeOfProvider("pp_system_default")).toBeNull()
    expect(paymentModeOfProvider("pp_stripe_svc-wallet")).toBeNull()
  })
})

describe("Malaysian time", () => {
  it("is UTC+08:00 all year, ISO 8601 with the offset, across days, months, years and a leap day", () => {
    for (const [utc, myt] of [
      ["2026-11-27T03:20:05.999Z", "2026-11-27T11:20:05+08:00"],
      ["2026-11-30T16:00:00Z", "2026-12-01T00:00:00+08:00"],
      ["2026-11-30T15:59:59Z", "2026-11-30T23:59:59+08:00"],
      ["2026-12-31T16:00:00Z", "2027-01-01T00:00:00+08:00"],
      ["2028-02-28T16:30:00Z", "2028-02-29T00:30:00+08:00"],
      // months where other zones change their clocks: Malaysia does not
      ["2026-03-29T01:00:00Z", "2026-03-29T09:00:00+08:00"],
      ["2026-07-01T12:00:00Z", "2026-07-01T20:00:00+08:00"],
    ])
      expect(mytTimestamp(at(utc))).toBe(myt)
    expect(mytTimestamp(Number.NaN)).toBe("")
  })

  it("a month is [00:00 on the 1st, 00:00 on the next 1st) Malaysian time; anything else is not a month", () => {
    expect(monthPeriod("2026-11")).toEqual({
      fromMs: at("2026-10-31T16:00:00Z"),
      toMs: at("2026-11-30T16:00:00Z"),
    })
    expect(monthPeriod("2026-12")).toEqual({
      fromMs: at("2026-11-30T16:00:00Z"),
      toMs: at("2026-12-31T16:00:00Z"),
    })
    expect(monthPeriod("2028-02")!.toMs - monthPeriod("2028-02")!.fromMs).toBe(
      29 * 86_400_000
    )
    for (const bad of [
      "2026-13",
      "2026-00",
      "2026-1",
      "26-11",
      "2026-11-01",
      "1999-12",
      "2101-01",
      " 2026-11",
      "2026-11\n",
      "",
    ])
      expect(monthPeriod(bad)).toBeNull()
  })
})

describe("the monthly grouping", () => {
  const pay = (
    o: Partial<EinvoicePayment> &
      Pick<EinvoicePayment, "reference" | "paid_at_ms">
  ): EinvoicePayment => ({
    order_id: "order_1",
    tx_hash: null,
    mode: "03",
    amount_sen: 12050n,
    ...o,
  })
  const refund = (
    o: Partial<EinvoiceRefund> & Pick<EinvoiceRefund, "reference" | "at_ms">
  ): EinvoiceRefund => ({
    order_id: "order_1",
    mode: "03",
    amount_sen: 2050n,
    ...o,
  })

  it("groups by Malaysian day (not UTC day) and mode; sums to the sen; refunds on the day they were made", () => {
    const payments = [
      pay({
        reference: "c1",
        paid_at_ms: at("2026-11-02T15:59:59Z"),
        amount_sen: 12050n,
      }), // 23:59:59 on the 2nd
      pay({
        reference: "c2",
        paid_at_ms: at("2026-11-02T16:00:00Z"),
        amount_sen: 1n,
        order_id: "order_2",
      }), // 00:00 on the 3rd
      pay({
        reference: "w1",
        paid_at_ms: at("2026-11-02T01:00:00Z"),
        amount_sen: 999_999_99n,
        mode: "06",
        order_id: "order_3",
      }),
      pay({
        reference: "c0",
        paid_at_ms: at("2026-11-02T00:00:00Z"),
        amount_sen: 3n,
        order_id: "order_4",
      }),
    ]
    const refunds = [
      refund({
        reference: "po1",
        at_ms: at("2026-11-03T02:00:00Z"),
        amount_sen: 2050n,
      }),
      refund({
        reference: "re1",
        at_ms: at("2026-11-03T03:00:00Z"),
        amount_sen: 1n,
        mode: "06",
        order_id: "order_3",
      }),
    ]
    const { groups, totals } = groupEinvoice(payments, refunds)
    expect(
      groups.map((g) => [
        g.day,
        g.payment_mode,
        g.payment_count,
        g.gross_sen,
        g.refund_count,
        g.refunds_sen,
        g.net_sen,
        g.references,
        g.refund_references,
      ])
    ).toEqual([
      ["2026-11-02", "03", 2, 12053n, 0, 0n, 12053n, ["c0", "c1"], []],
      ["2026-11-02", "06", 1, 999_999_99n, 0, 0n, 999_999_99n, ["w1"], []],
      ["2026-11-03", "03", 1, 1n, 1, 2050n, -2049n, ["c2"], ["po1"]],
      ["2026-11-03", "06", 0, 0n, 1, 1n, -1n, [], ["re1"]],
    ])
    expect(groups[2]!.order_ids).toEqual(["order_2", "order_1"])
    expect(groups[1]!.payment_mode_name).toBe("e-Wallet / Digital Wallet")
    expect(totals).toEqual({
      payment_count: 4,
      gross_sen: 12053n + 1n + 999_999_99n,
      refund_count: 2,
      refunds_sen: 2051n,
      net_sen: 12053n + 1n + 999_999_99n - 2051n,
    })
  })

  it("sums beyond a double's exact range stay exact (bigint)", () => {
    const big = 2n ** 53n
    const { totals } = groupEinvoice(
      [
        pay({ reference: "a", paid_at_ms: 0, amount_sen: big }),
        pay({ reference: "b", paid_at_ms: 1, amount_sen: 1n }),
      ],
      []
    )
    expect(totals.gross_sen).toBe(big + 1n)
    expect(rmText(totals.gross_sen)).toBe("90071992547409.93")
  })

  it("nothing: no groups, zero totals", () => {
    expect(groupEinvoice([], [])).toEqual({
      groups: [],
      totals: {
        payment_count: 0,
        gross_sen: 0n,
        refund_count: 0,
        refunds_sen: 0n,
        net_sen: 0n,
      },
    })
  })
})

describe("the CSV", () => {
  it("RM with two decimals by integer arithmetic, negative nets, lists space-separated, hostile text escaped, a total line and notes", () => {
    const r = groupEinvoice(
      [
        {
          order_id: "order_1",
          reference: "=cmd|' /C calc'!A0",
          tx_hash: null,
          mode: "03",
          amount_sen: 5n,
          paid_at_ms: at("2026-11-01T00:00:00Z"),
        },
      ],
      [
        {
          order_id: "order_1",
          reference: 'po,"1"',
          mode: "03",
          amount_sen: 105n,
          at_ms: at("2026-11-01T01:00:00Z"),
        },
      ]
    )
    const lines = einvoiceCsv("2026-11", r, ["one\r\nnote"]).split("\r\n")
    expect(lines[0]).toBe(
      "day,payment_mode,payment_mode_name,payment_count,gross_sen,gross_rm,refund_count,refunds_sen,refunds_rm,net_sen,net_rm,svc_references,refund_references,order_ids"
    )
    expect(lines[1]).toBe(
      `2026-11-01,03,Bank Transfer,1,5,0.05,1,105,1.05,-100,-1.00,'=cmd|' /C calc'!A0,"po,""1""",order_1`
    )
    expect(lines[2]).toBe("2026-11,total,,1,5,0.05,1,105,1.05,-100,-1.00,,,")
    expect(lines[4]).toBe("# one  note")
    expect(lines[5]).toBe("")
  })
})

describe("the buyer's own e-invoice flag", () => {
  it("only a JSON true counts", () => {
    expect(einvoiceRequested({ svc_einvoice_requested: true })).toBe(true)
    for (const v of [false, "true", 1, null, undefined])
      expect(einvoiceRequested({ svc_einvoice_requested: v })).toBe(false)
    expect(einvoiceRequested(null)).toBe(false)
  })
})

describe("the inputs (Medusa's validator, as the routes run it)", () => {
  const issue = async (
    schema: Parameters<typeof zodValidator>[0],
    q: unknown
  ) => {
    try {
      await zodValidator(schema, q)
    } catch (e) {
      return (e as Error).message
    }
    throw new Error("accepted")
  }

  it("month: YYYY-MM only; format json (default) or csv; nothing else", async () => {
    expect(einvoiceQuery.parse({ month: "2026-11" })).toEqual({
      month: "2026-11",
      format: "json",
    })
    expect(einvoiceQuery.parse({ month: "2026-02", format: "csv" })).toEqual({
      month: "2026-02",
      format: "csv",
    })
    expect(await issue(einvoiceQuery, {})).toMatch(/Field 'month' is required/)
    expect(await issue(einvoiceQuery, { month: "2026-13" })).toMatch(
      /month: must be a month YYYY-MM \(Malaysian calendar\), from 2000-01 to 2100-12/
    )
    expect(await issue(einvoiceQuery, { month: "x".repeat(10_000) })).toMatch(
      /month: must be a month YYYY-MM/
    )
    expect(
      await issue(einvoiceQuery, { month: ["2026-11", "2026-12"] })
    ).toMatch(/Expected type: 'string' for field 'month'/)
    expect(
      await issue(einvoiceQuery, { month: "2026-11", format: "xlsx" })
    ).toMatch(/Expected: 'json, csv' for field 'format'/)
    expect(
      await issue(einvoiceQuery, { month: "2026-11", from: "2026-11-01" })
    ).toMatch(/from/)
  })

  it("requested: a JSON boolean, required; nothing else", async () => {
    expect(einvoiceFlagBody.parse({ requested: true })).toEqual({
      requested: true,
    })
    expect(await issue(einvoiceFlagBody, {})).toMatch(
      /Field 'requested' is required/
    )
    for (const v of ["true", 1, null])
      expect(await issue(einvoiceFlagBody, { requested: v })).toMatch(
        /Expected type: 'boolean' for field 'requested'/
      )
    expect(
      await issue(einvoiceFlagBody, { requested: true, metadata: { x: 1 } })
    ).toMatch(/metadata/)
  })
})
