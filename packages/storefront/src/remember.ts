import type { FpxBank, FpxBankList } from "./banks.js"

/**
 * The bank a shopper last paid with on this device (FPX direct): kept in the browser's
 * localStorage only, never sent anywhere. A storage the browser refuses (private mode, quota,
 * no window) is ignored: nothing is remembered and nothing fails.
 */
export type RememberedFpxBank = {
  code: string
  bankType: "RETAIL" | "CORPORATE"
  name: string
}

/** The localStorage key. */
export const REMEMBERED_BANK_KEY = "svc-fpx-bank"

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" && window.localStorage
      ? window.localStorage
      : null
  } catch {
    return null // a browser that refuses storage throws on reading window.localStorage
  }
}

/** Remembers the bank and type a payment was started with (written by SvcPaymentOptions when it starts one). */
export function rememberFpxBank(
  bank: Pick<FpxBank, "code" | "name">,
  bankType: "RETAIL" | "CORPORATE"
): void {
  try {
    storage()?.setItem(
      REMEMBERED_BANK_KEY,
      JSON.stringify({ code: bank.code, bankType, name: bank.name })
    )
  } catch {
    // private mode, quota: not remembered
  }
}

/** The bank remembered on this device, or null (none, unreadable, or not the kit's). */
export function rememberedFpxBank(): RememberedFpxBank | null {
  try {
    const v = JSON.parse(
      storage()?.getItem(REMEMBERED_BANK_KEY) ?? "null"
    ) as Partial<RememberedFpxBank> | null
    if (
      !v ||
      typeof v.code !== "string" ||
      !v.code ||
      (v.bankType !== "RETAIL" && v.bankType !== "CORPORATE")
    )
      return null
    return {
      code: v.code,
      bankType: v.bankType,
      name: typeof v.name === "string" && v.name ? v.name : v.code,
    }
  } catch {
    return null
  }
}

/** Forgets the remembered bank. */
export function forgetFpxBank(): void {
  try {
    storage()?.removeItem(REMEMBERED_BANK_KEY)
  } catch {
    // nothing to do
  }
}

/**
 * The remembered bank in today's list: `bank` when it is offered and online (with its type),
 * `offline` or `gone` (no longer offered with that type) otherwise; null when none is remembered.
 */
export function findRememberedBank(
  banks: FpxBankList,
  remembered: RememberedFpxBank | null = rememberedFpxBank()
):
  | { state: "ready"; bank: FpxBank; bankType: "RETAIL" | "CORPORATE" }
  | { state: "offline" | "gone"; name: string }
  | null {
  if (!remembered) return null
  const list =
    remembered.bankType === "CORPORATE" ? banks.corporate : banks.retail
  const bank = list.find((b) => b.code === remembered.code)
  if (!bank) return { state: "gone", name: remembered.name }
  if (!bank.active) return { state: "offline", name: bank.name }
  return { state: "ready", bank, bankType: remembered.bankType }
}
