/**
 * The sentences the server writes for a person to read in the admin (the
 * doctor's details and advice, the reasons a payment needs attention, the
 * errors of the admin routes, the answer after a refund, withdrawal or token
 * transfer), each under a stable code, in English with {{named}} values. The
 * server says them through say() (./said.ts) and sends the code and values
 * beside the English; the admin shows its own words for the code
 * (src/admin/i18n/json: `svc.server.<code>`, the English there is this
 * catalogue's, checked by src/admin/i18n/__tests__/catalogue.spec.ts) and the
 * English when it has none. Codes are never renamed: a new wording keeps its
 * code when it says the same, and gets a new code when it says something else.
 */
export const TEXTS = {
  // ------------------------------------------------------------------ lists and small words
  "common.separator": "; ",
  "common.requestId": "svc requestId {{id}}",
  "common.seconds": "{{n}} s",
  "common.minutes": "{{n}} min",
  "common.hours": "{{h}} h",
  "common.hoursMinutes": "{{h}} h {{m}} min",
  "common.days": "{{n}} days",

  // ------------------------------------------------------------------ the doctor: names
  "check.apiKey": "API key",
  "check.accountStatus": "Account status",
  "check.accountType": "Account type",
  "check.clock": "Clock",
  "check.features": "Features",
  "check.environment": "Environment",
  "check.rate": "Rate budget",
  "check.storefront": "Storefront limits",
  "check.webhooks": "Webhooks",
  "check.webhookToken": "Webhook token",
  "check.jobReconcile": "Reconciliation job",
  "check.jobWatch": "Checkout watcher",
  "feature.checkout": "Checkout (wallet and FPX)",
  "feature.directCheckout":
    "Direct checkout (FPX with the bank chosen in the store)",
  "feature.wallet": "Wallet",
  "feature.fiatWithdrawals": "Withdrawals to the bank (settlements)",
  "feature.tokenTransfers": "Token transfers",
  "feature.payouts": "Payouts (refunds)",
  "feature.walletTriggerAddresses":
    "Trigger addresses, wallet (automatic withdrawal on deposit)",
  "feature.payoutTriggerAddresses": "Trigger addresses, payouts",

  // ------------------------------------------------------------------ the doctor: the API key and the account
  "doctor.summaryOk": "svc is connected and working",
  "doctor.summaryProblem": "{{check}}: {{detail}}",
  "doctor.badHealthBody":
    "{{base}}/v1/health answered 200 with a body that is not svc's account",
  "doctor.checkBaseUrl":
    "Check the provider option `baseUrl`: the svc base address, without /v1.",
  "doctor.keyAccepted":
    "svc accepted the API key {{key}} (account {{account}})",
  "doctor.accountStatus": "{{type}} account, status {{status}}",
  "doctor.accountStatusBlocks":
    "{{type}} account, status {{status}}: blocks {{blocks}}",
  "doctor.accountType":
    "{{type}} account: withdrawals are capped at RM300,000 per request, and checkout needs a verified business account (spec: Prerequisites)",
  "doctor.accountTypeAdvice":
    "Ask svc to make it a business account if shoppers are to pay through it.",
  "doctor.keyRefused":
    "svc at {{base}} refused the API key {{key}}: 401 {{code}}",
  "doctor.keyRefusedRef":
    "svc at {{base}} refused the API key {{key}}: 401 {{code}} ({{ref}})",
  "doctor.keyRefusedAdvice":
    "Check the provider option `apiKey` (SVC_API_KEY): it must be an active key of this environment (sandbox keys work only on the sandbox address, production keys only on production). Then check that `keyId`, the private key and `algorithm` are the ones registered with that key: svc checks the signature on the first write.",
  "doctor.keyKnown": "svc knows the API key {{key}}",
  "doctor.accountRefused":
    "svc refused the account: 403 {{code}}: blocks {{blocks}}",
  "doctor.accountRefusedRef":
    "svc refused the account: 403 {{code}} ({{ref}}): blocks {{blocks}}",
  "doctor.noApi": "{{base}} has no svc API (GET /v1/health answered 404)",
  "doctor.noApiAdvice":
    "Check the provider option `baseUrl`: the svc base address, without /v1 (the client adds it).",
  "doctor.healthAnswered":
    "svc at {{base}} answered {{status}} {{code}} to GET /v1/health",
  "doctor.healthAnsweredRef":
    "svc at {{base}} answered {{status}} {{code}} ({{ref}}) to GET /v1/health",
  "doctor.healthAnsweredAdvice":
    "svc may be having trouble; try again in a minute. If it persists, contact svc support with the requestId.",
  "doctor.unreachable": "could not reach svc at {{base}}: {{error}}",
  "doctor.noAnswerWithin": "no answer within {{seconds}} s",
  "doctor.unreachableAdvice":
    "Check the provider option `baseUrl` and that svc is reachable from this server (DNS, firewall, proxy).",

  // ------------------------------------------------------------------ the doctor: account statuses (spec: Account status gating)
  "account.blocksNothing": "nothing",
  "account.blocksSuspended":
    "routes that move money into the account: shoppers cannot pay (checkout creation is refused); refunds (payouts) and settlements (withdrawals) keep working",
  "account.blocksFrozen":
    "every money-moving route: checkouts, refunds (payouts), settlements and token transfers; reads keep working",
  "account.blocksPendingVerification":
    "every money-moving route until svc has verified the business: checkouts, refunds, settlements, token transfers",
  "account.blocksNotActive":
    "every money-moving route: checkouts, refunds, settlements, token transfers",
  "account.blocksTerminated":
    "every route, reads too: the account cannot be used",
  "account.blocksUnknown": "unknown: the spec does not describe this status",
  "account.contactSupport":
    "Contact svc support to have the account reactivated; nothing in Medusa can change it.",
  "account.finishVerification":
    "Finish the business verification in svc's dashboard (or ask svc support what is missing).",
  "account.closed":
    "The svc account is closed: configure the API key of an active account.",
  "account.askSupport": "Ask svc support what this account status allows.",

  // ------------------------------------------------------------------ the doctor: clock, features, environment, rate, storefront
  "doctor.clockNoDate":
    "svc's answer carried no Date header: skew not measured",
  "doctor.clockBehind":
    "this server's clock is {{ms}} ms behind svc (± {{uncertainty}} ms)",
  "doctor.clockAhead":
    "this server's clock is {{ms}} ms ahead of svc (± {{uncertainty}} ms)",
  "doctor.clockCorrected":
    "{{skew}}; the client corrects for it from svc's Date headers",
  "doctor.clockRefused":
    "{{skew}}: signed requests may be refused (401) until the client has corrected for it",
  "doctor.clockAdvice":
    "Synchronise this server's clock (NTP): svc accepts a signature only within 30 s in the past and 5 s in the future.",
  "doctor.clockAdviceNow": "Synchronise this server's clock (NTP) now.",
  "doctor.featureEnabled": "enabled",
  "doctor.featureDisabled":
    "not enabled for this account (403 FEATURE_DISABLED)",
  "doctor.featureNotKnown": "could not check: {{answer}}",
  "doctor.featureNotKnownInvalid":
    "could not check: {{answer}}: svc did not accept the read, which does not say whether the feature is enabled",
  "doctor.featureNeedsWallet": "needs the wallet",
  "doctor.featureNoRead":
    "svc has no read that tells; the first request will (a refusal says 403 FEATURE_DISABLED)",
  "doctor.featureLastAccepted": "svc accepted the last one ({{at}})",
  "doctor.featureLastRefused":
    "svc refused the last one as not enabled ({{at}}): 403 FEATURE_DISABLED",
  "doctor.featureWhy": "{{feature}} ({{detail}})",
  "doctor.featuresAllAnswer": "every feature the plugin uses answers",
  "doctor.featuresOff": "not enabled: {{features}}",
  "doctor.featuresNotKnown": "not known: {{features}}",
  "doctor.featuresOffNotKnown": "not enabled: {{off}}; not known: {{unknown}}",
  "doctor.enableForShoppers":
    "Ask svc to enable {{features}}: shoppers cannot pay until then.",
  "doctor.enableForMoney":
    "Ask svc to enable {{features}}: refunds or settlements are refused until then.",
  "doctor.enableIfUsed": "Ask svc to enable {{features}} if you use it.",
  "doctor.enableIfUsedMany": "Ask svc to enable {{features}} if you use them.",
  "doctor.enableIfUsedDirect":
    "Ask svc to enable {{features}} if you use it (remove the svc-fpx-direct provider from the region meanwhile).",
  "doctor.enableIfUsedManyDirect":
    "Ask svc to enable {{features}} if you use them (remove the svc-fpx-direct provider from the region meanwhile).",
  "doctor.checkAgain":
    "Run the check again in a minute: svc did not say whether {{features}} is enabled. If it keeps answering so, contact svc support with the requestId.",
  "doctor.checkAgainMany":
    "Run the check again in a minute: svc did not say whether {{features}} are enabled. If it keeps answering so, contact svc support with the requestId.",
  "doctor.twoAdvices": "{{first}} {{second}}",
  "doctor.environmentUnknown":
    "could not tell sandbox from production (no network known)",
  "doctor.environment": "{{environment}} (svc networks {{networks}})",
  "doctor.rate":
    "{{used}} of {{limit}} requests in the last {{seconds}} s by this server ({{byCheck}} by this check)",
  "doctor.rateAdvice":
    "Close to svc's per-minute ceiling: shoppers wait for a turn. Set `accountRateLimit` to the account's ceiling (1000 in production) or spread background work.",
  "doctor.refusals":
    "payment sessions refused in the last hour ({{where}}): {{address}} per client address, {{customer}} per customer, {{cart}} per cart, {{budget}} for the store's svc budget",
  "doctor.allServers": "all servers",
  "doctor.thisServer": "this server",
  "doctor.refusalsBudgetAdvice":
    "Shoppers were told to try again because the store's svc budget had no turn: if svc's ceiling allows, set `accountRateLimit` to it (1000 in production); the log names the clients refused.",
  "doctor.refusalsFloodAdvice":
    "Many refusals: a client may be flooding the store's payment sessions (the log names it, once a minute). Nothing reached svc; a store behind a proxy sets `storefrontLimits.trustProxy` so clients are told apart.",

  // ------------------------------------------------------------------ the doctor: webhooks and their token
  "doctor.webhooksReceived": "received: {{types}}",
  "doctor.webhooksNoCheckout": "received: {{types}}; no checkout.updated yet",
  "doctor.webhooksNone": "none yet",
  "doctor.webhooksAdvice":
    "Register {{url}} with svc as the WALLET and the PAYOUT webhook endpoint. Until then paid orders wait for the job (every few minutes).",
  "doctor.tokenUnreadable":
    "could not read this store's webhook token (svc_setting)",
  "doctor.tokenUnreadableAdvice":
    "Run the database migrations (npx medusa db:migrate), then check again.",
  "doctor.tokenCounts":
    "last {{hours}} h: {{with}} with the token, {{without}} without",
  "doctor.tokenCountsWrong":
    "last {{hours}} h: {{with}} with the token, {{without}} without, {{wrong}} with a wrong one",
  "doctor.tokenCountsUnavailable": "request counts unavailable",
  "doctor.tokenRequiredOption":
    "required (provider option webhookToken); {{seen}}",
  "doctor.tokenRequiredOptionRefused":
    "required (provider option webhookToken); {{seen}} (refused)",
  "doctor.tokenRequiredSince": "required (since {{since}}); {{seen}}",
  "doctor.tokenRequiredSinceRefused":
    "required (since {{since}}); {{seen}} (refused)",
  "doctor.tokenRefusedAdvice":
    "Requests without the token were refused: if svc still sends to an old URL, register {{url}} with svc.",
  "doctor.tokenRefusedAdviceGenerated":
    "Requests without the token were refused: if svc still sends to an old URL, register {{url}} with svc, or stop requiring the token until it does.",
  "doctor.tokenNotRequired": "not required yet; {{seen}}",
  "doctor.tokenRequireAdvice":
    'svc sends with the token: choose "Require the token" so requests without it are refused before any work.',
  "doctor.tokenRegisterAdvice":
    'Register {{url}} with svc (WALLET and PAYOUT webhook endpoints). Once requests arrive with the token and none without it, choose "Require the token".',

  // ------------------------------------------------------------------ the doctor: the scheduled jobs
  "job.lastRun": "last run {{ago}} ago ({{outcome}})",
  "job.lastRunCounted":
    "last run {{ago}} ago ({{outcome}}, {{runs}} runs recorded)",
  "job.noRun": "no run recorded",
  "job.every": "every {{interval}}",
  "job.off": "switched off ({{option}}: 0); {{last}}",
  "job.offAdvice":
    "Set the provider option `{{option}}` ({{env}}) to a number above 0, or remove it for the default: while it is off {{what}}.",
  "job.whatReconcile":
    "payments whose webhook was lost, refund payouts, withdrawals and token transfers wait",
  "job.whatWatch":
    "a paid checkout whose webhook was lost waits for the reconciliation job instead of seconds",
  "job.failing": "runs {{every}}; the last {{n}} runs failed: {{error}}",
  "job.noMessage": "no message",
  "job.failingAdvice":
    'The job runs but fails: read the message above and the worker\'s log (lines "svc reconcile" or "svc watch"). svc being unreachable or refusing the key shows in the checks above; a database or Redis error names its cause.',
  "job.overdueMinute": "runs {{every}}, but {{last}}: over a minute",
  "job.overdueInterval":
    "runs {{every}}, but {{last}}: over twice its interval",
  "job.neverRan":
    "runs {{every}}, but has not run once since the plugin first started {{ago}} ago",
  "job.overdueAdvice":
    "Medusa runs scheduled jobs only in a process started with workerMode `worker` or `shared` (MEDUSA_WORKER_MODE): start a worker next to the servers (`medusa start` with MEDUSA_WORKER_MODE=worker), or check that it is still running and reads the same database. With several instances, the jobs are scheduled through Medusa's workflow engine: a Redis workflow engine needs its Redis reachable from the worker. Until then {{what}}.",
  "job.ok": "runs {{every}}; {{last}}",
  "job.okNoRun":
    "runs {{every}}; no run recorded yet (the plugin started recently)",

  // ------------------------------------------------------------------ why a payment needs an admin (attention_reason) or failed (failure_reason)
  "attention.notCurrentPayment":
    "Paid a checkout that is no longer this cart's current payment (amount or session changed); refund the buyer or reconcile by hand.",
  "attention.paidAfterCancel":
    "Paid after order {{order}} was canceled; refund the buyer.",
  "attention.balancePaidTwice":
    "The balance of order {{order}} was already paid with another payment session; refund the buyer.",
  "attention.cartPaidTwice":
    "The cart was already paid with another payment session; refund the buyer.",
  "attention.orderCanceled": "Order {{order}} was canceled: {{reason}}",
  "attention.failedAfterOrder":
    "Order {{order}} was placed awaiting payment, and the payment {{status}}: {{reason}}",
  "attention.noOrder":
    "Paid and captured, but cart {{cart}} cannot become an order: {{why}}. Refund the buyer or place the order by hand.",
  "attention.cartGone": "cart {{cart}} no longer exists",
  "attention.cartNoRegion": "cart {{cart}} has no region any more",
  "attention.regionRemoved": "the cart's region {{region}} was removed",
  "attention.cartChanged":
    "the cart changed after payment: its total is now {{total}}, the buyer paid {{paid}}",
  "attention.stockGone": "stock is gone: {{message}}",
  "attention.payoutReversed":
    "the bank reversed the payout: the buyer was not paid; amount and fee are back in the prefund balance",
  "attention.payoutReturned":
    "the bank returned the payout after settling it: the buyer was not paid; the amount is back in the prefund balance (svc keeps the fee)",
  "attention.refundAgain":
    "{{what}}. Refund RM{{amount}} again to a corrected account.",
  "status.failed": "failed",
  "status.cancelled": "cancelled",
  "status.rejected": "rejected",
  "status.expired": "expired",
  "balance.canceled":
    "order {{order}} is canceled; no payment can be asked for it",
  "balance.draft":
    "order {{order}} is a draft order; convert it to an order first",
  "balance.notMyr":
    "svc accepts Malaysian ringgit (MYR) only; this order is in {{currency}}",
  "balance.changeInProgress":
    "order {{order}} has an order change in progress ({{kind}} {{change}}, {{status}}); confirm or cancel it first, then ask for the balance",
  "balance.nothingDue":
    "order {{order}} has no outstanding amount (Medusa's pending difference is RM{{zero}})",
  "balance.outOfRange":
    "the outstanding RM{{amount}} is outside svc's checkout range RM{{min}}-RM{{max}}; collect it another way",
  "balance.outOfRangeReturns":
    "{{refusal}}, or first receive the items of return {{returns}} ({{status}}): Medusa counts returned items only once received, and this amount may clear then",
  "balance.noProvider":
    "no svc payment method (svc wallet or FPX online banking) is enabled in the order's region {{region}}",
  "balance.refused": "order_id: {{refusal}}",
  "balance.providerNotEnabled":
    "provider_id: {{provider}} is not enabled in the order's region {{region}} (enabled: {{enabled}})",
  "balance.notOrdersCollection":
    "payment_collection_id: {{collection}} is not a payment collection of order {{order}}",
  "balance.collectionNotUnpaid":
    "payment_collection_id: {{collection}} is {{status}}; only an unpaid collection (not_paid, awaiting) can be asked for",
  "balance.noCollection":
    "order {{order}}: Medusa made no payment collection for the outstanding amount; nothing was sent",
  "balance.otherCollection":
    "payment_collection_id: order {{order}}'s outstanding amount is on payment collection {{collection}}, not {{asked}}; nothing was sent",
  "balance.linkNotMade":
    "order {{order}}: the svc link was not made; try again in a moment (nothing was charged)",
  "link.notOfOrder":
    "payment_link_id: {{link}} is not a payment link of order {{order}}",
  "link.expired":
    'payment_link_id: the link expired on {{at}}; press "Request payment" for a new one',
  "link.orderNotFound": "order_id: order {{order}} was not found",
  "link.noEmail":
    "order_id: order {{order}} has no email address to send the link to; copy the link and send it another way",
  "link.noProvider":
    "notification: this store has no Notification Module with a provider for the email channel; add one (docs/payment-links.md) or copy the link and send it yourself",
  "link.notSent":
    "notification: the email was not sent ({{why}}); try again, or copy the link and send it yourself",
  "payment.linkExpired":
    "The payment link expired before it was paid. Please choose a payment method again.",
  "payment.failed":
    "The payment failed at the bank or wallet. Please try again or choose another method.",
  "payment.cancelled":
    "The payment was cancelled. Please choose a payment method again.",
  "payment.rejected":
    "The payment provider rejected the payment. Please try another method.",

  // ------------------------------------------------------------------ svc's errors as the admin routes answer them (src/lib/svc-runtime/errors.ts)
  "error.svcInput": "svc: {{message}}",
  "error.tooManyRequests":
    "svc: too many requests to svc right now while {{doing}}; please try again in a moment (nothing was sent, nothing charged)",
  "error.svcSlow":
    "svc is slow to answer right now; please try the payment again in a moment (nothing was charged)",
  "error.refused": "svc refused the request while {{doing}}: {{message}}",
  "error.refusedRef":
    "svc refused the request while {{doing}}: {{message}} ({{ref}})",
  "error.credentials":
    "svc rejected the store's credentials while {{doing}} (check apiKey, keyId, privateKey and algorithm, and the server clock)",
  "error.credentialsRef":
    "svc rejected the store's credentials while {{doing}} (check apiKey, keyId, privateKey and algorithm, and the server clock) ({{ref}})",
  "error.notAllowed":
    "svc does not allow this for the account while {{doing}}: {{message}}",
  "error.notAllowedRef":
    "svc does not allow this for the account while {{doing}}: {{message}} ({{ref}})",
  "error.notFound": "svc: not found while {{doing}}",
  "error.notFoundRef": "svc: not found while {{doing}} ({{ref}})",
  "error.conflict": "svc: idempotency conflict while {{doing}}: {{message}}",
  "error.conflictRef":
    "svc: idempotency conflict while {{doing}}: {{message}} ({{ref}})",
  "error.notAnswering":
    "svc is not answering properly while {{doing}}; nothing was charged twice, please try again shortly: {{message}}",
  "error.notAnsweringRef":
    "svc is not answering properly while {{doing}}; nothing was charged twice, please try again shortly: {{message}} ({{ref}})",
  "doing.readingWallet": "reading the svc wallet",
  "doing.sendingWithdrawal": "sending the withdrawal",
  "doing.sendingPayout": "sending the refund payout",
  "doing.readingPayoutBanks": "reading the payout banks",
  "doing.readingRecords": "reading svc's records for the finance export",
  "doing.sendingTokenTransfer": "sending the token transfer",
  "doing.readingSvc": "reading svc",

  // ------------------------------------------------------------------ a deposit to a trigger address (src/lib/svc-admin/words.ts; spec: Resources, Deposit)
  "deposit.status": "{{status}}: {{words}}",
  "deposit.pending": "seen on chain, not yet confirmed",
  "deposit.processing": "confirmed on chain; tokens not yet in the wallet",
  "deposit.completed": "tokens credited to the svc wallet",
  "deposit.failed": "tokens were not credited",
  "deposit.statusUnknown": "status not in the spec",
  "deposit.noTrigger":
    "{{status}}; not sent to a trigger address, so no withdrawal is started",
  "deposit.noWithdrawal":
    "{{status}}; no withdrawal was started (redrive to start one)",
  "deposit.withdrawal": "{{status}}; withdrawal {{result}}",
  "deposit.withdrawalWhy": "{{status}}; withdrawal {{result}}. {{reason}}",
  "deposit.withdrawalBank":
    "{{status}}; withdrawal {{result}} (bank transfer {{bank}})",
  "deposit.withdrawalBankWhy":
    "{{status}}; withdrawal {{result}} (bank transfer {{bank}}). {{reason}}",
  "deposit.senderNotAllowed":
    "The sender is not an allowed sender of this trigger address: add it (or enable it), then redrive the deposit.",
  "deposit.inactiveDestination":
    "The beneficiary or bank account was removed or is inactive: nothing was paid out; the tokens stay in the svc wallet.",
  "deposit.inactiveBeneficiary":
    "The beneficiary was removed or is inactive (older name of inactive_destination).",
  "deposit.missingDestinationBankDetails":
    "The beneficiary has no bank account details: register it with a bank account, then redrive.",
  "deposit.missingBeneficiaryBankDetails":
    "The beneficiary has no bank account details (older name of missing_destination_bank_details).",
  "deposit.featureDisabled":
    "Automatic withdrawal on deposit is not enabled for the svc account: ask svc to enable it, then redrive.",
  "deposit.accountFrozen":
    "The svc account is frozen: contact svc; redrive once it is active again.",
  "deposit.accountSuspended":
    "The svc account is suspended: contact svc; redrive once it is active again.",
  "deposit.accountTerminated": "The svc account is terminated: contact svc.",
  "deposit.amountOutOfRange":
    "The amount is below the minimum or above the maximum withdrawal for the account (RM10 to RM1,000,000).",
  "deposit.dailyLimit":
    "The daily withdrawal limit is reached: redrive tomorrow.",
  "deposit.monthlyLimit":
    "The monthly withdrawal limit is reached: redrive next month.",
  "deposit.withdrawalRejected":
    "The bank rejected the transfer: check the bank account, then redrive.",
  "deposit.withdrawalFailed": "The bank transfer failed: redrive to try again.",
  "deposit.withdrawalCancelled":
    "The bank transfer was cancelled: redrive to try again.",
  "deposit.proxyNotSupported":
    "The beneficiary is a DuitNow proxy: a deposit can only be paid to a bank account beneficiary.",
  "deposit.providerError": "The payment network failed: redrive to try again.",
  "deposit.reasonUnknown": 'svc reason "{{reason}}" (not in the spec\'s table)',

  // ------------------------------------------------------------------ the admin tools' svc errors (src/lib/svc-admin/errors.ts)
  "tools.sendersFull":
    "allowed senders: this trigger address already has {{limit}} allowed senders, the most svc allows (disabled ones count too). Remove one you no longer need, then add this one.",
  "tools.senderExists":
    "address: this address is already an allowed sender of this trigger address (enable it if it is disabled).",
  "tools.noTriggerAddress":
    "trigger address: there is none yet for this account; create the trigger address first.",
  "tools.noSuchSender":
    "sender_id: no such allowed sender on this trigger address (it may have been removed).",
  "tools.sendersFrozen":
    "The svc account is frozen: allowed senders cannot be disabled or enabled until svc unfreezes it (removing one still works).",
  "tools.sendersPending":
    "The svc account is pending verification: allowed senders cannot be disabled or enabled yet.",
  "tools.senderGone":
    "sender_id: no such allowed sender on this trigger address (it may have been removed already).",
  "tools.triggerDisabled":
    "Automatic withdrawal on deposit (trigger addresses) is not enabled for the svc account: ask svc to enable it.",
  "tools.triggerOwnerUnknown":
    "This bank account or beneficiary is unknown to svc or inactive: a trigger address needs an active one.",
  "tools.bankNotPaid":
    "bank_code: this bank cannot receive payouts (not in svc's active banks list); choose another bank.",
  "tools.accountRejected":
    "account_number: the bank rejected this account; check the bank and the account number (or the proxy) and try again.",
  "tools.nameMismatch":
    "name: does not match the account holder's name at the bank; correct the name, use the loose name check, or register without a name check.",
  "tools.nameCheckUnavailable":
    "name_check: the bank's name check is unavailable right now; try again later, or register without a name check (the beneficiary stays unverified).",
  "tools.bankUnreachable":
    "The bank could not be reached to check the account; nothing was registered. Try again in a moment.",
  "tools.beneficiariesFull":
    "The svc account has reached its limit of active beneficiaries: remove ones you no longer pay, then register.",
  "tools.payoutsDisabled":
    "Payouts are not enabled for the svc account: ask svc to enable them.",
  "tools.verifyNameMismatch":
    "name_check: the name does not match the account holder's name at the bank; try the loose check or register the beneficiary again with the right name.",
  "tools.verifyNameCheckUnavailable":
    "name_check: the bank's name check is unavailable right now; try again later, or verify without a name check.",
  "tools.verifyRejected":
    "The bank rejected this account: the beneficiary cannot be paid; register it again with the right details.",
  "tools.verifyBankUnreachable":
    "The bank could not be reached; try again in a moment.",
  "tools.beneficiaryUnknown":
    "This beneficiary is unknown to svc or was removed.",
  "tools.beneficiaryGone":
    "This beneficiary is unknown to svc or was removed already.",
  "tools.noDeposit":
    "id: svc has no deposit with this id in this area (wallet deposits and payout deposits are looked up separately).",
  "tools.notEvmNetwork":
    "chain_id: not an active EVM network at svc (check-missed is EVM only).",
  "tools.triggerDepositsDisabled":
    "Deposits on trigger addresses are not enabled for the svc account: ask svc to enable them.",
  "tools.redriveCompletedOnly":
    "svc redrives only COMPLETED deposits (tokens credited); wait for the deposit to complete.",
  "tools.noTriggerDeposit":
    "svc has no such deposit from a trigger address in this area: only deposits to a trigger address can be redriven.",
  "tools.redriveDisabled":
    "Automatic withdrawal on deposit is not enabled for the svc account: ask svc to enable it.",
  "tools.transferBalanceLow":
    "amount: the svc wallet balance is too low for this transfer.",
  "tools.transferLimit":
    "amount: the account's daily or monthly transfer limit would be exceeded; send less or wait.",
  "tools.transferDestination":
    "address_to: svc does not accept this destination (the account's own deposit address, a contract, or another restricted address), or the token is no longer active.",
  "tools.transfersDisabled":
    "Token transfers are not enabled for the svc account: ask svc to enable them.",
  "tools.accountTerminated":
    "The svc account is terminated: every call is refused; contact svc.",
  "tools.accountFrozen":
    "The svc account is frozen: money cannot move until svc unfreezes it.",
  "tools.accountPending":
    "The svc account is pending verification: money cannot move yet.",
  "tools.accountNotActive": "The svc account is not active: money cannot move.",
  "tools.accountSuspended": "The svc account is suspended.",
  "tools.withSvc": "{{text}} (svc {{status}} {{code}})",
  "tools.withSvcRef": "{{text}} (svc {{status}} {{code}}, requestId {{id}})",
  "doing.addingSender": "adding an allowed sender",
  "doing.changingSender": "changing an allowed sender",
  "doing.removingSender": "removing an allowed sender",
  "doing.listingSenders": "listing allowed senders",
  "doing.creatingTrigger": "creating the trigger address",
  "doing.registeringBeneficiary": "registering the beneficiary",
  "doing.verifyingBeneficiary": "verifying the beneficiary",
  "doing.removingBeneficiary": "removing the beneficiary",
  "doing.lookingUpDeposit": "looking up the deposit",
  "doing.checkingMissed": "checking a missed transaction",
  "doing.redrivingDeposit": "redriving the deposit",

  // ------------------------------------------------------------------ a refund to the buyer's bank (src/workflows/refund-to-bank)
  "refund.noPayment": "payment_id: no payment {{payment}}",
  "refund.noReason":
    "refund_reason_id: {{id}} is not one of this store's refund reasons (Settings → Refund reasons, or GET /admin/refund-reasons)",
  "refund.amountNotPositive":
    "amount: must be more than RM0.00; got RM{{amount}}",
  "refund.notSvc":
    "payment_id: payment {{payment}} was made with {{provider}}, not svc; refund it with its own provider",
  "refund.notMyr":
    "payment_id: svc pays out MYR only; this payment is in {{currency}}",
  "refund.nothingCaptured":
    "payment_id: payment {{payment}} has nothing captured to refund",
  "refund.tooMuch":
    "amount: at most RM{{left}} can be refunded (captured RM{{captured}}, refunded RM{{refunded}}, payouts still being sent RM{{open}}); got RM{{amount}}",
  "refund.banksUnread":
    "svc: could not read the banks svc pays out to ({{error}}); nothing was sent",
  "refund.bankNotPaid":
    "beneficiary.bank_code: {{bank}} is not a bank svc pays out to now (GET /admin/svc/payout-banks lists them)",
  "refund.prefundLow":
    "amount: the svc prefund balance (RM{{balance}}) cannot cover RM{{amount}}; top it up by bank transfer in svc's dashboard, then refund",
  "refund.requestIdUsed":
    "request_id: already used for another refund; {{field}} differs. A new refund needs a new request_id",
  "refund.amountThenNow": "amount (RM{{then}} then, RM{{now}} now)",
  "refund.medusaRefused":
    "Medusa refused the refund, nothing was sent: {{message}}",
  "refund.orderCanceled":
    "payment_id: order {{order}} is canceled, and Medusa records no refund on a canceled order; nothing was sent. Refund a canceled order's buyer from svc's own dashboard and note it on the order.",
  "refund.orderChanging":
    "payment_id: order {{order}} has an order change in progress ({{change}} {{id}}, {{status}}), and Medusa records no refund until it is confirmed or canceled; nothing was sent. Confirm or cancel that change, then refund.",
  "refund.cancelFirst":
    'Order {{order}} was paid with svc and RM{{left}} of it has not been refunded (captured RM{{captured}}, refunded RM{{refunded}}). Refund the buyer first in the "svc refunds" panel of this order (a payout to their bank account or DuitNow proxy), then cancel the order. Nothing was changed.',
  "refund.sent": "payout {{payout}} {{status}}",
  "refund.again": "already requested: payout {{payout}} {{status}}",
  "refund.againWhy":
    "already requested: payout {{payout}} {{status}} ({{reason}})",
  "refund.againSending":
    "already requested: the payout is being sent by the first request or the reconciliation job, with its own key (no second payout is made)",
  "refund.noAnswer":
    "svc did not answer; the payout request is kept with its key and the reconciliation job will finish it (no second payout can be made)",
  "refund.notFinished":
    "payout request {{id}} is {{status}}: not finished here",

  // ------------------------------------------------------------------ a withdrawal to the store's bank (src/workflows/withdraw)
  "withdrawal.notLinked":
    "bank_account_id: {{account}} is not an active bank account linked to the svc account",
  "withdrawal.individualCap":
    "amount: an individual svc account can withdraw at most RM{{max}} per request",
  "withdrawal.balanceLow":
    "amount: the svc wallet balance is RM{{balance}}; cannot withdraw RM{{amount}}",
  "withdrawal.requestIdUsed":
    "request_id: already used for another withdrawal; {{field}} differs. A new withdrawal needs a new request_id",
  "withdrawal.sent": "withdrawal {{withdrawal}} {{status}}",
  "withdrawal.again": "already requested: withdrawal {{withdrawal}} {{status}}",
  "withdrawal.againSending":
    "already requested: the withdrawal is being sent by the first request (no second withdrawal is made)",
  "withdrawal.unrecorded":
    "a step after the send failed before svc's answer was recorded; the job finishes it with its key",
  "withdrawal.noAnswer":
    "svc did not answer; the withdrawal is kept with its key and the reconciliation job will finish it (no second withdrawal can be made)",

  // ------------------------------------------------------------------ a token transfer (src/workflows/transfer-tokens)
  "transfer.balanceLow":
    "amount: the svc wallet balance is RM{{balance}}; cannot send RM{{amount}}",
  "transfer.sent": "transfer {{transfer}} {{status}}",
  "transfer.again": "already requested: transfer {{transfer}} {{status}}",
  "transfer.unrecorded":
    "a step after the send failed before svc's answer was recorded; it is sent again with its key",
  "transfer.noAnswer":
    "svc did not answer; the transfer is kept with its key. Send the same request again or refresh it later: svc makes at most one transfer for it.",

  // ------------------------------------------------------------------ svc's events as the events page lists them (src/lib/webhooks/inbox.ts, the tracked events)
  "event.reprocessed": "processed again by an admin",
  "event.reprocessFailed": "processed again by an admin: {{error}}",
  "event.noPayoutId": "no payout id",
  "event.noWithdrawalId": "no withdrawal id",
  "event.notOurPayout": "not a payout this store made: dropped, svc not asked",
  "event.notOurWithdrawal":
    "not a withdrawal this store made: dropped, svc not asked",
  "event.topUp":
    "top-up {{status}} (svc has no route to read a top-up); prefund balance now RM{{balance}}",
  "event.topUpEvent":
    "top-up event (svc has no route to read a top-up); prefund balance now RM{{balance}}",
  "event.noDepositId": "no deposit id in the event",
  "event.noDepositIdField": "no depositId in the event",
  "event.saysNotCompleted":
    "the event says {{status}}; the deposit is COMPLETED and stays COMPLETED (spec: Deposit status); svc not asked",
  "event.svcSays": "svc says {{status}}",
  "event.svcSaysWithdrawal": "svc says {{status}}, withdrawal {{withdrawal}}",
  "event.svcSaysTransfer": "svc says {{status}}, transfer {{transfer}}",
  "event.svcSaysTransferWithdrawal":
    "svc says {{status}}, transfer {{transfer}}, withdrawal {{withdrawal}}",
  "event.svcSaysTransferWhy":
    "svc says {{status}}, transfer {{transfer}} ({{reason}})",
  "event.svcSaysTransferWhyWithdrawal":
    "svc says {{status}}, transfer {{transfer}} ({{reason}}), withdrawal {{withdrawal}}",
  "event.eventSaid": "event said {{hint}}; {{now}}",
  "event.keptCompleted": "{{now}}; the stored COMPLETED is kept",
  "event.staysCompleted":
    "{{now}}; the deposit is COMPLETED and stays COMPLETED (spec: Deposit status)",
  "event.unknownDeposit":
    "svc does not know this deposit in the {{area}} area: {{error}}",
  "event.deferred":
    "deferred: {{why}}; nothing was sent to svc, it is retried later",
  "event.budgetSpent":
    "deposit and prefund events may spend {{cap}} svc reads a minute (at most {{share}}% of the account's {{limit}}), all spent now",
  "event.budgetBusy":
    "svc's rate budget is {{used}} of {{limit}} used: shoppers and settlements go first",

  // ------------------------------------------------------------------ a checkout's status history (src/workflows/settle-checkout/place-order.ts, src/modules/svc/checkout-ledger.ts)
  "history.orderPlaced": "order {{order}} placed by the {{source}}",
  "history.orderPlacedAfter":
    "order {{order}} placed by the {{source}} after {{n}} deferred attempt(s)",
  "history.orderFound": "order {{order}} found",
  "history.orderFoundAfter":
    "order {{order}} found after {{n}} deferred attempt(s)",
  "history.placedByAnother": "order {{order}} placed by another completion",
  "history.adopted": "by payment session {{session}}",
  "history.replacedExpired":
    "expired unpaid; replaced by checkout {{checkout}}",
  "history.replaced":
    "replaced by checkout {{checkout}} (a new amount or payment method); left to expire",
  "history.cartLocked":
    "Medusa's cart lock for {{cart}} is held (a completion in progress, or one a stopped process left until its lease ends); trying again",
  "history.completing": "completing cart {{cart}}: {{error}}",
  "history.noOrderMade": "completing cart {{cart}} made no order",

  // ------------------------------------------------------------------ check-missed's answer (src/lib/svc-admin/deposits.ts)
  "deposit.checkQueued":
    "svc accepted the transaction for processing: its deposits arrive as events in a few minutes (do not resend).",
  "deposit.checkKnown": "svc already knows this transaction: {{n}} deposit(s).",
  "deposit.checkAnswered": "svc answered {{status}}.",

  // ------------------------------------------------------------------ a refused input of an admin route: the plugin's rules ({{path}}: the field, no space in it) and Medusa's validator's words (Medusa's zodValidator: "Invalid request: …", up to three problems joined by "; ")
  "input.invalid": "Invalid request: {{problems}}",
  "input.required": "Field '{{field}}' is required",
  "input.tooBig":
    "Value for field '{{field}}' too big, expected at most: '{{max}}'",
  "input.tooSmall":
    "Value for field '{{field}}' too small, expected at least: '{{min}}'",
  "input.type":
    "Expected type: '{{expected}}' for field '{{field}}', got: '{{got}}'",
  "input.oneOf":
    "Expected: '{{values}}' for field '{{field}}', but got: '{{got}}'",
  "input.unknownFields": "Unrecognized fields: '{{fields}}'",
  "input.amountRequired":
    '{{path}}: is required: the amount in ringgit, e.g. "{{example}}"',
  "input.amountRange":
    "{{path}}: must be between RM{{min}} and RM{{max}}; got RM{{amount}}",
  "input.decimalAmount": "{{path}}: must be a decimal amount",
  "input.fractionOfSen":
    "{{path}}: must not contain a fraction of a sen (at most 2 decimal places)",
  "input.tooLarge": "{{path}}: is too large",
  "input.amountTooLong":
    '{{path}}: must be at most {{max}} characters (a ringgit amount such as "1500.00")',
  "input.amountExponent":
    '{{path}}: must not have an exponent beyond ±{{max}} (write the amount out, e.g. "1500.00")',
  "input.evmAddress":
    "{{path}}: must be an EVM address: 0x followed by 40 hexadecimal characters",
  "input.txHash":
    "{{path}}: must be an EVM transaction hash: 0x followed by 64 hexadecimal characters (check-missed is EVM only; a Solana signature cannot be checked)",
  "input.solana":
    "{{path}}: 101 is Solana: check-missed is EVM only (Ethereum, Arbitrum and their testnets)",
  "input.accountNumber": "{{path}}: must be 6-20 digits, no spaces or dashes",
  "input.bankAndProxy":
    "{{path}}: give a bank account (bank_code, account_number) or a DuitNow proxy (proxy_type, proxy_value), not both",
  "input.bankOrProxy":
    "{{path}}: is required with bank_code, or give a DuitNow proxy (proxy_type, proxy_value)",
  "input.requiredWith": "{{path}}: is required with {{other}}",
  "input.period":
    "{{path}}: must be a date YYYY-MM-DD (a Malaysian day) or an ISO 8601 timestamp with a time zone",
  "input.after": "{{path}}: must be after {{other}}",
  "input.periodMax": "{{path}}: must be at most {{days}} days after {{other}}",
  "input.month":
    "{{path}}: must be a month YYYY-MM (Malaysian calendar), from 2000-01 to 2100-12",
  "input.monthRequired":
    "{{path}}: is required; must be a month YYYY-MM (Malaysian calendar), from 2000-01 to 2100-12",
} as const

export type TextCode = keyof typeof TEXTS
