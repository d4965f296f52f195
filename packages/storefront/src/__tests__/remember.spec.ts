// The remembered bank: what is kept (code, type, name; nothing else), what it is found as in
// today's list, and a browser that refuses storage (private mode, quota) failing nothing.
import {
  findRememberedBank,
  forgetFpxBank,
  rememberFpxBank,
  rememberedFpxBank,
  REMEMBERED_BANK_KEY,
} from "../index.js"
import { BANKS as banks } from "./fixtures.js"

const g = globalThis as { window?: unknown }
afterEach(() => delete g.window)

/** The Web Storage interface over a Map; `refuse` makes it throw as private mode or a full quota does. */
function storage(refuse?: "write" | "read" | "window") {
  const m = new Map<string, string>()
  const s = {
    getItem: (k: string) => {
      if (refuse === "read") throw new DOMException("denied", "SecurityError")
      return m.get(k) ?? null
    },
    setItem: (k: string, v: string) => {
      if (refuse === "write")
        throw new DOMException("full", "QuotaExceededError")
      m.set(k, v)
    },
    removeItem: (k: string) => void m.delete(k),
  }
  g.window =
    refuse === "window"
      ? Object.defineProperty({}, "localStorage", {
          get: () => {
            throw new DOMException("denied", "SecurityError")
          },
        })
      : { localStorage: s }
  return m
}

it("keeps the bank's code, type and name on this device only, and reads them back", () => {
  const m = storage()
  expect(rememberedFpxBank()).toBeNull()
  rememberFpxBank(banks.corporate[0]!, "CORPORATE")
  expect(JSON.parse(m.get(REMEMBERED_BANK_KEY)!)).toEqual({
    code: "RHB0218B",
    bankType: "CORPORATE",
    name: "RHB Reflex",
  })
  expect(findRememberedBank(banks)).toEqual({
    state: "ready",
    bank: banks.corporate[0],
    bankType: "CORPORATE",
  })
  forgetFpxBank()
  expect(rememberedFpxBank()).toBeNull()
})

it("a remembered bank now offline or no longer offered (with that type) is not ready, and named", () => {
  storage()
  expect(
    findRememberedBank(banks, {
      code: "HSBC0223",
      bankType: "RETAIL",
      name: "HSBC Bank",
    })
  ).toEqual({ state: "offline", name: "HSBC Bank" })
  expect(
    findRememberedBank(banks, {
      code: "KFH0346",
      bankType: "RETAIL",
      name: "KFH",
    })
  ).toEqual({ state: "gone", name: "KFH" })
  expect(
    findRememberedBank(banks, {
      code: "MBB0228",
      bankType: "CORPORATE",
      name: "Maybank2E",
    })
  ).toEqual({ state: "gone", name: "Maybank2E" })
})

it("ignores what is not the kit's entry", () => {
  const m = storage()
  for (const v of [
    "{",
    "null",
    "42",
    JSON.stringify({ code: "MBB0228", bankType: "SAVINGS" }),
    JSON.stringify({ bankType: "RETAIL" }),
  ]) {
    m.set(REMEMBERED_BANK_KEY, v)
    expect(rememberedFpxBank()).toBeNull()
  }
})

it.each(["write", "read", "window"] as const)(
  "a storage that refuses to %s fails nothing and remembers nothing",
  (refuse) => {
    storage(refuse)
    expect(() => rememberFpxBank(banks.retail[0]!, "RETAIL")).not.toThrow()
    expect(rememberedFpxBank()).toBeNull()
    expect(() => forgetFpxBank()).not.toThrow()
  }
)

it("no window (server rendering): nothing remembered, nothing thrown", () => {
  expect(() => rememberFpxBank(banks.retail[0]!, "RETAIL")).not.toThrow()
  expect(rememberedFpxBank()).toBeNull()
})
