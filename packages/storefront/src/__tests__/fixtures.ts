// Shared by the kit's unit tests: FPX banks as the store route lists them.
import type { FpxBank, FpxBankList } from "../index.js"

/** A bank of the list, named by its code unless `name` is given. */
export const bank = (
  code: string,
  bank_type: FpxBank["bank_type"],
  active = true,
  name = code
): FpxBank => ({ code, name, logo_url: "", bank_type, active })

/** Maybank2E, HSBC Bank (offline) and RHB Reflex (corporate), with FPX's RM 30,000 cap. */
export const BANKS: FpxBankList = {
  retail: [
    bank("MBB0228", "RETAIL", true, "Maybank2E"),
    bank("HSBC0223", "RETAIL", false, "HSBC Bank"),
  ],
  corporate: [bank("RHB0218B", "CORPORATE", true, "RHB Reflex")],
  retail_max_sen: 3_000_000,
}
