/**
 * The kit's English catalogue: every sentence a shopper reads, by key. `{name}` is filled in
 * (a bank's name, an amount, an order number). The keys are the type of every catalogue
 * (`SvcMessages`); ms.ts and zh-CN.ts beside this file are the Malay and Chinese ones.
 */
export const en = {
  // payment methods (svcPaymentTitle)
  methodWallet: "svc wallet",
  methodFpx: "FPX online banking",
  methodFpxDirect: "FPX online banking (choose your bank)",
  methodsLegend: "Pay with svc",
  pay: "Pay now",
  redirecting: "Taking you to svc…",
  buyerName: "Name of the account holder",
  buyerNamePlaceholder: "As at your bank",
  // the bank picker
  tabsLabel: "Type of online banking",
  retail: "Personal banking",
  corporate: "Corporate banking",
  legend: "Choose your bank",
  search: "Search banks",
  loading: "Loading banks…",
  offline: "offline",
  offlineTitle: "{bank} is offline right now",
  bankCount: "{total} banks",
  bankCountOne: "{total} bank",
  matchesNone: "No bank matches “{query}”.",
  matchesOne: "{shown} of {total} banks matches “{query}”.",
  matchesMany: "{shown} of {total} banks match “{query}”.",
  chosenHidden: "{bank} stays chosen; it is not in this list.",
  rememberedOffline:
    "{bank}, the bank you used last time, is offline right now; choose another bank.",
  rememberedGone:
    "{bank}, the bank you used last time, is not offered now; choose another bank.",
  retailCap:
    "FPX personal banking is limited to {cap} per payment; for a larger amount pay with FPX corporate banking or with the svc wallet.",
  // the shopper's choice, checked before any call (SvcInputError)
  bankRequired: "Choose your bank.",
  notFpxBank: '"{code}" is not an FPX bank; choose one from the list.',
  bankOffline: "{bank} is offline right now; choose another bank.",
  bankTypeInvalid: "bankType must be RETAIL (personal banking) or CORPORATE.",
  bankIsRetail: "{bank} is a personal banking bank; bankType must be RETAIL.",
  bankIsCorporate:
    "{bank} is a corporate banking bank; bankType must be CORPORATE.",
  buyerNameRule:
    "Enter the account holder's name as at your bank (1-100 characters).",
  notSvcProvider:
    '"{id}" is not an svc payment provider (pp_svc-wallet_…, pp_svc-fpx_… or pp_svc-fpx-direct_…).',
  noCart: "There is no cart to pay.",
  cartPaid: "This cart is already paid and its order placed.",
  cartCurrency:
    "svc accepts Malaysian ringgit (MYR) only; this cart is in {currency}.",
  orderCurrency:
    "svc accepts Malaysian ringgit (MYR) only; this order is in {currency}.",
  noOrder: "There is no order to pay.",
  noOrderId: "There is no valid order id to pay.",
  orderCanceled: "This order was canceled; there is nothing to pay.",
  paymentLinkInvalid:
    "The payment link is not valid (no payment collection id).",
  notThisOrder: "This payment is not one of this order's.",
  balancePaid: "This balance is already paid.",
  linkClosed:
    "This payment can no longer be paid; ask the store for a new link.",
  balanceNotOpen:
    "This order's balance is not open for payment yet; the store will send you a payment link.",
  nothingToPay: "This order has nothing left to pay.",
  orderNotFound: "This order was not found.",
  // the store could not answer (SvcStoreError)
  banksUnavailable:
    "The list of FPX banks cannot be loaded right now; please try again in a minute or choose another payment method.",
  cartUnreadable: "The cart cannot be read right now; please try again.",
  orderUnreadable: "The order cannot be read right now; please try again.",
  startFailed: "The payment could not be started; please try again.",
  // the store's svc account or svc itself cannot take payments now (the store's sentence in English)
  unavailable:
    "svc payment is unavailable right now; please try again later or choose another payment method",
  tooManyMinutes:
    "Too many payment attempts; try again in {n} minutes. Nothing was charged.",
  tooManySeconds:
    "Too many payment attempts; try again in {n} seconds. Nothing was charged.",
  // the line for svc's checkout budget (a sale at svc's ceiling): "You are 37th in line, about 40 seconds."
  lineWaiting: "You are {place} in line, about {wait}.",
  lineFull:
    "The line for payments is full right now; we will ask again in {wait}. Nothing was charged.",
  lineKeep:
    "Keep this page open: you go on to svc by yourself when your turn comes.",
  lineCancel: "Leave the line",
  placeOne: "{n}st",
  placeTwo: "{n}nd",
  placeFew: "{n}rd",
  placeOther: "{n}th",
  waitSeconds: "{n} seconds",
  waitMinute: "{n} minute",
  waitMinutes: "{n} minutes",
  // why a payment did not go through (the `code` of a failed result)
  expired:
    "The payment link expired before it was paid. Please choose a payment method again.",
  failed:
    "The payment failed at the bank or wallet. Please try again or choose another method.",
  cancelled: "The payment was cancelled. Please choose a payment method again.",
  rejected:
    "The payment provider rejected the payment. Please try another method.",
  notCompleted:
    "The payment was not completed; please choose a payment method and try again.",
  balanceNotCompleted:
    "The payment was not completed; you can pay the balance again.",
  noBalancePayment:
    "No svc payment was started for this balance; you can pay it now.",
  linkNoCart: "The link back from the payment has no valid cart id.",
  linkNoOrder: "The link back from the payment has no valid order id.",
  linkNoPayment: "The link back from the payment has no valid payment id.",
  linkWrongPayment:
    "The link back from the payment names a payment that is not this order's.",
  // the return pages (SvcReturn, SvcBalanceReturn)
  confirming: "Confirming your payment…",
  paid: "Payment received. Thank you! Your order #{order} is placed.",
  awaiting:
    "Your order #{order} is placed; svc is still confirming your payment. We will email you.",
  placing:
    "Payment received. Thank you! Your order is being placed; this page updates by itself, and we will email you. Please do not pay again.",
  reference: "Payment reference (shown on svc's page):",
  notThrough: "Your payment did not go through: {reason}",
  balanceIsPaid:
    "Payment received. Thank you! The balance of order #{order} is paid.",
  balanceAwaiting:
    "svc is still confirming your payment for order #{order}. We will email you.",
}

/** Every message of the kit, by key: a catalogue for another language has these keys. */
export type SvcMessages = { [K in keyof typeof en]: string }
/** A message's key. */
export type SvcMessageKey = keyof SvcMessages
