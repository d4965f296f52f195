import { MedusaError } from "@medusajs/framework/utils"
import {
  BY_STATUS,
  SaidError,
  svcFields,
  toMedusaError,
} from "../svc-runtime/errors"
import { say, type Said } from "../texts"

const NO_TRIGGER_ADDRESS = say("tools.noTriggerAddress")

/** A trigger address's allowed senders, disabled ones included (spec: Limits). */
export const ALLOWED_SENDERS_LIMIT = 50

type Typed = [MedusaError["type"], Said]

/**
 * Words for the svc answers the admin tools meet, keyed `status code`, per
 * action. Anything not listed falls back to toMedusaError, which carries svc's
 * code, status and requestId. Never a secret.
 */
const table = {
  "adding an allowed sender": {
    "403 LIMIT_EXCEEDED": say("tools.sendersFull", {
      limit: ALLOWED_SENDERS_LIMIT,
    }),
    "400 CONFLICT": say("tools.senderExists"),
    "404 NOT_FOUND": NO_TRIGGER_ADDRESS,
  },
  "listing allowed senders": {
    "404 NOT_FOUND": NO_TRIGGER_ADDRESS,
  },
  "changing an allowed sender": {
    "404 NOT_FOUND": say("tools.noSuchSender"),
    "403 ACCOUNT_FROZEN": say("tools.sendersFrozen"),
    "403 ACCOUNT_PENDING_VERIFICATION": say("tools.sendersPending"),
  },
  "removing an allowed sender": {
    "404 NOT_FOUND": say("tools.senderGone"),
  },
  "creating the trigger address": {
    "403 FEATURE_DISABLED": say("tools.triggerDisabled"),
    "404 NOT_FOUND": say("tools.triggerOwnerUnknown"),
  },
  "registering the beneficiary": {
    "400 UNKNOWN_BENEFICIARY": say("tools.bankNotPaid"),
    "400 INVALID_REQUEST": say("tools.accountRejected"),
    "400 BENEFICIARY_NAME_MISMATCH": say("tools.nameMismatch"),
    "400 NAME_CHECK_UNAVAILABLE": say("tools.nameCheckUnavailable"),
    "503 SERVICE_UNAVAILABLE": say("tools.bankUnreachable"),
    "403 LIMIT_EXCEEDED": say("tools.beneficiariesFull"),
    "403 FEATURE_DISABLED": say("tools.payoutsDisabled"),
  },
  "verifying the beneficiary": {
    "400 BENEFICIARY_NAME_MISMATCH": say("tools.verifyNameMismatch"),
    "400 NAME_CHECK_UNAVAILABLE": say("tools.verifyNameCheckUnavailable"),
    "400 INVALID_REQUEST": say("tools.verifyRejected"),
    "503 SERVICE_UNAVAILABLE": say("tools.verifyBankUnreachable"),
    "404 NOT_FOUND": say("tools.beneficiaryUnknown"),
  },
  "removing the beneficiary": {
    "404 NOT_FOUND": say("tools.beneficiaryGone"),
  },
  "looking up the deposit": {
    "404 NOT_FOUND": say("tools.noDeposit"),
  },
  "checking a missed transaction": {
    "404 NOT_FOUND": [
      MedusaError.Types.INVALID_DATA,
      say("tools.notEvmNetwork"),
    ],
    "403 FEATURE_DISABLED": say("tools.triggerDepositsDisabled"),
  },
  "redriving the deposit": {
    "400 INVALID_REQUEST": [
      MedusaError.Types.NOT_ALLOWED,
      say("tools.redriveCompletedOnly"),
    ],
    "404 NOT_FOUND": say("tools.noTriggerDeposit"),
    "403 FEATURE_DISABLED": say("tools.redriveDisabled"),
  },
  "sending the token transfer": {
    "400 INSUFFICIENT_BALANCE": say("tools.transferBalanceLow"),
    "400 LIMIT_EXCEEDED": say("tools.transferLimit"),
    "400 INVALID_REQUEST": say("tools.transferDestination"),
    "403 FEATURE_DISABLED": say("tools.transfersDisabled"),
  },
} satisfies Record<string, Record<string, Said | Typed>>
export type Doing = keyof typeof table | "reading svc"
const words: Partial<Record<Doing, Record<string, Said | Typed>>> = table

/** The account's state, whatever the action (svc answers 403). */
const anyAction: Record<string, Said> = {
  "403 ACCOUNT_TERMINATED": say("tools.accountTerminated"),
  "403 ACCOUNT_FROZEN": say("tools.accountFrozen"),
  "403 ACCOUNT_PENDING_VERIFICATION": say("tools.accountPending"),
  "403 ACCOUNT_NOT_ACTIVE": say("tools.accountNotActive"),
  "403 ACCOUNT_SUSPENDED": say("tools.accountSuspended"),
}

/** A thrown svc error as a MedusaError in the admin's words, then svc's status, code and requestId (to quote to svc). */
export function adminSvcError(e: unknown, doing: Doing): MedusaError {
  if (e instanceof MedusaError) return e
  const { status, code, requestId: id } = svcFields(e)
  const key = `${status} ${code}`
  const w = words[doing]?.[key] ?? anyAction[key]
  if (!w) return toMedusaError(e, doing)
  // a word's own type, else the type of svc's HTTP status (toMedusaError's)
  const [type, text] = Array.isArray(w)
    ? w
    : [BY_STATUS[Number(status)]?.[0] ?? MedusaError.Types.UNEXPECTED_STATE, w]
  const p = { text, status: String(status), code: String(code) }
  return new SaidError(
    type,
    id ? say("tools.withSvcRef", { ...p, id }) : say("tools.withSvc", p)
  )
}

/** One svc call, its error in the admin's words. */
export async function svcCall<T>(doing: Doing, call: () => Promise<T>) {
  try {
    return await call()
  } catch (e) {
    throw adminSvcError(e, doing)
  }
}
