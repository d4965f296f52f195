import { useEffect, type DependencyList } from "react"
import { listFpxBanks, type FpxBankList } from "../banks.js"
import type { SvcTextOptions } from "../i18n/text.js"
import type { StoreSdk } from "../sdk.js"

/**
 * Reads the FPX bank list (inactive banks too, shown disabled) unless `skip`;
 * re-run when `deps` change, and an answer that comes after that (or after
 * unmounting) is dropped.
 */
export function useFpxBankLoad(
  sdk: StoreSdk | undefined,
  skip: boolean,
  loaded: (banks: FpxBankList) => void,
  failed: (message: string) => void,
  deps: DependencyList,
  text: SvcTextOptions = {}
): void {
  useEffect(() => {
    if (skip || !sdk) return
    let live = true
    listFpxBanks(sdk, { ...text, includeInactive: true }).then(
      (b) => live && loaded(b),
      (e: Error) => live && failed(e.message)
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
}
