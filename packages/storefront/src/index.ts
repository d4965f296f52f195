/**
 * `medusa-payment-svc-storefront`: svc (wallet, FPX hosted, FPX direct) in any
 * Medusa storefront, on the `@medusajs/js-sdk` it already has. No framework,
 * no server code: the bundle holds only these helpers.
 */
export {
  listFpxBanks,
  filterFpxBanks,
  type FpxBank,
  type FpxBankList,
} from "./banks.js"
export {
  startSvcPayment,
  checkFpxDirectChoice,
  retailCapText,
  amountToSen,
  type StartSvcPaymentInput,
  type FpxDirectChoice,
  type StoreCart,
  type StorePaymentSession,
} from "./payment.js"
export {
  waitForSvcTurn,
  svcLineText,
  type SvcLineWait,
  type SvcLineOptions,
} from "./line.js"
export {
  completeSvcReturn,
  type SvcReturnResult,
  type SvcFailureCode,
  type CompleteSvcReturnOptions,
  type StoreOrder,
} from "./return.js"
export {
  startSvcBalancePayment,
  completeSvcBalanceReturn,
  balanceReturnParams,
  outstandingPaymentCollection,
  balanceOutcome,
  type StartSvcBalancePaymentInput,
  type SvcBalanceReturnResult,
  type CompleteSvcBalanceReturnOptions,
  type StoreOrderPaymentCollection,
} from "./balance.js"
export {
  isSvcProvider,
  svcPaymentTitle,
  svcMethodOf,
  svcProviderId,
  svcPaymentReference,
  SVC_IDENTIFIERS,
  type SvcMethod,
} from "./providers.js"
export {
  FPX_RETAIL_MAX_SEN,
  formatRinggit,
  isRetailBankType,
  overRetailCap,
  retailCapSentence,
} from "./fpx-rules.js"
export { SvcInputError, SvcStoreError } from "./errors.js"
export type { StoreSdk } from "./sdk.js"
export {
  svcText,
  svcLocale,
  formatSvcAmount,
  SVC_CATALOGUES,
  type SvcText,
  type SvcTextOptions,
} from "./i18n/text.js"
export type { SvcMessages, SvcMessageKey } from "./i18n/en.js"
export {
  rememberFpxBank,
  rememberedFpxBank,
  forgetFpxBank,
  findRememberedBank,
  REMEMBERED_BANK_KEY,
  type RememberedFpxBank,
} from "./remember.js"
