import { MedusaError } from "@medusajs/framework/utils"
import { toMedusaError } from "../svc-runtime/errors"
import { ALLOWED_SENDERS_LIMIT } from "./words"

type Sv = { code?: string; status?: number; message?: string; requestId?: string; name?: string }

/**
 * Words for the svc answers the admin tools meet, keyed `status code` (or
 * `code` alone), per action. Anything not listed falls back to toMedusaError,
 * which carries svc's code, status and requestId. Never a secret.
 */
export type Doing =
  | "adding an allowed sender"
  | "changing an allowed sender"
  | "removing an allowed sender"
  | "listing allowed senders"
  | "creating the trigger address"
  | "registering the beneficiary"
  | "verifying the beneficiary"
  | "removing the beneficiary"
  | "looking up the deposit"
  | "checking a missed transaction"
  | "redriving the deposit"
  | "sending the token transfer"
  | "reading svc"

/** The Medusa error type of svc's answer by its HTTP status, where a word does not give another. */
const TYPE_OF_STATUS: Record<number, MedusaError["type"]> = {
  400: MedusaError.Types.INVALID_DATA,
  403: MedusaError.Types.NOT_ALLOWED,
  404: MedusaError.Types.NOT_FOUND,
  503: MedusaError.Types.UNEXPECTED_STATE,
}
const NO_TRIGGER_ADDRESS = "trigger address: there is none yet for this account; create the trigger address first."

const words: Partial<Record<Doing, Record<string, string | [MedusaError["type"], string]>>> = {
  "adding an allowed sender": {
    "403 LIMIT_EXCEEDED": `allowed senders: this trigger address already has ${ALLOWED_SENDERS_LIMIT} allowed senders, the most svc allows (disabled ones count too). Remove one you no longer need, then add this one.`,
    "400 CONFLICT": "address: this address is already an allowed sender of this trigger address (enable it if it is disabled).",
    "404 NOT_FOUND": NO_TRIGGER_ADDRESS,
  },
  "listing allowed senders": {
    "404 NOT_FOUND": NO_TRIGGER_ADDRESS,
  },
  "changing an allowed sender": {
    "404 NOT_FOUND": "sender_id: no such allowed sender on this trigger address (it may have been removed).",
    "403 ACCOUNT_FROZEN": "The svc account is frozen: allowed senders cannot be disabled or enabled until svc unfreezes it (removing one still works).",
    "403 ACCOUNT_PENDING_VERIFICATION": "The svc account is pending verification: allowed senders cannot be disabled or enabled yet.",
  },
  "removing an allowed sender": {
    "404 NOT_FOUND": "sender_id: no such allowed sender on this trigger address (it may have been removed already).",
  },
  "creating the trigger address": {
    "403 FEATURE_DISABLED": "Automatic withdrawal on deposit (trigger addresses) is not enabled for the svc account: ask svc to enable it.",
    "404 NOT_FOUND": "This bank account or beneficiary is unknown to svc or inactive: a trigger address needs an active one.",
  },
  "registering the beneficiary": {
    "400 UNKNOWN_BENEFICIARY": "bank_code: this bank cannot receive payouts (not in svc's active banks list); choose another bank.",
    "400 INVALID_REQUEST": "account_number: the bank rejected this account; check the bank and the account number (or the proxy) and try again.",
    "400 BENEFICIARY_NAME_MISMATCH": "name: does not match the account holder's name at the bank; correct the name, use the loose name check, or register without a name check.",
    "400 NAME_CHECK_UNAVAILABLE":
      "name_check: the bank's name check is unavailable right now; try again later, or register without a name check (the beneficiary stays unverified).",
    "503 SERVICE_UNAVAILABLE": "The bank could not be reached to check the account; nothing was registered. Try again in a moment.",
    "403 LIMIT_EXCEEDED": "The svc account has reached its limit of active beneficiaries: remove ones you no longer pay, then register.",
    "403 FEATURE_DISABLED": "Payouts are not enabled for the svc account: ask svc to enable them.",
  },
  "verifying the beneficiary": {
    "400 BENEFICIARY_NAME_MISMATCH":
      "name_check: the name does not match the account holder's name at the bank; try the loose check or register the beneficiary again with the right name.",
    "400 NAME_CHECK_UNAVAILABLE": "name_check: the bank's name check is unavailable right now; try again later, or verify without a name check.",
    "400 INVALID_REQUEST": "The bank rejected this account: the beneficiary cannot be paid; register it again with the right details.",
    "503 SERVICE_UNAVAILABLE": "The bank could not be reached; try again in a moment.",
    "404 NOT_FOUND": "This beneficiary is unknown to svc or was removed.",
  },
  "removing the beneficiary": {
    "404 NOT_FOUND": "This beneficiary is unknown to svc or was removed already.",
  },
  "looking up the deposit": {
    "404 NOT_FOUND": "id: svc has no deposit with this id in this area (wallet deposits and payout deposits are looked up separately).",
  },
  "checking a missed transaction": {
    "404 NOT_FOUND": [MedusaError.Types.INVALID_DATA, "chain_id: not an active EVM network at svc (check-missed is EVM only)."],
    "403 FEATURE_DISABLED": "Deposits on trigger addresses are not enabled for the svc account: ask svc to enable them.",
  },
  "redriving the deposit": {
    "400 INVALID_REQUEST": [MedusaError.Types.NOT_ALLOWED, "svc redrives only COMPLETED deposits (tokens credited); wait for the deposit to complete."],
    "404 NOT_FOUND": "svc has no such deposit from a trigger address in this area: only deposits to a trigger address can be redriven.",
    "403 FEATURE_DISABLED": "Automatic withdrawal on deposit is not enabled for the svc account: ask svc to enable it.",
  },
  "sending the token transfer": {
    "400 INSUFFICIENT_BALANCE": "amount: the svc wallet balance is too low for this transfer.",
    "400 LIMIT_EXCEEDED": "amount: the account's daily or monthly transfer limit would be exceeded; send less or wait.",
    "400 INVALID_REQUEST":
      "address_to: svc does not accept this destination (the account's own deposit address, a contract, or another restricted address), or the token is no longer active.",
    "403 FEATURE_DISABLED": "Token transfers are not enabled for the svc account: ask svc to enable them.",
  },
}

/** A thrown svc error as a MedusaError in the admin's words, with svc's code and requestId kept. */
export function adminSvcError(e: unknown, doing: Doing): MedusaError {
  if (e instanceof MedusaError) return e
  const o = (e ?? {}) as Sv
  const w = words[doing]?.[`${o.status} ${o.code}`]
  if (w) {
    const [type, text] = typeof w === "string" ? [TYPE_OF_STATUS[o.status!] ?? MedusaError.Types.UNEXPECTED_STATE, w] : w
    return new MedusaError(type, `${text} (svc ${o.status} ${o.code}${o.requestId ? `, requestId ${o.requestId}` : ""})`)
  }
  const generic: Record<string, string> = {
    ACCOUNT_TERMINATED: "The svc account is terminated: every call is refused; contact svc.",
    ACCOUNT_FROZEN: "The svc account is frozen: money cannot move until svc unfreezes it.",
    ACCOUNT_PENDING_VERIFICATION: "The svc account is pending verification: money cannot move yet.",
    ACCOUNT_NOT_ACTIVE: "The svc account is not active: money cannot move.",
    ACCOUNT_SUSPENDED: "The svc account is suspended.",
  }
  if (o.status === 403 && o.code && generic[o.code]) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, `${generic[o.code]} (svc 403 ${o.code}${o.requestId ? `, requestId ${o.requestId}` : ""})`)
  }
  return toMedusaError(e, doing)
}

export const notFound = (m: string) => new MedusaError(MedusaError.Types.NOT_FOUND, m)
export const notAllowed = (m: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, m)
