/**
 * `medusa-payment-svc-storefront/react`: svc in a React storefront. Unstyled
 * (class names `svc-*`); optional CSS: `medusa-payment-svc-storefront/react/style.css`.
 * React is an optional peer dependency: only this entry needs it.
 */
export {
  FpxBankPicker,
  type FpxBankPickerProps,
  type BankType,
} from "./fpx-bank-picker.js"
export {
  SvcPaymentOptions,
  type SvcPaymentOptionsProps,
  type SvcPaymentChoice,
  type SvcKitComponents,
} from "./svc-payment-options.js"
export {
  SvcReturn,
  type SvcReturnProps,
  type SvcReturnState,
} from "./svc-return.js"
export {
  SvcBalanceReturn,
  type SvcBalanceReturnProps,
  type SvcBalanceReturnState,
} from "./svc-balance-return.js"
