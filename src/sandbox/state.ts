import { generateKeyPairSync, createPublicKey } from "node:crypto"
import { randomEvmAddress, randomSolAddress, uuid, randomHex } from "./util"

export type Algorithm =
  "ed25519" | "ecdsa-p256-sha256" | "ecdsa-secp256k1-sha256"
export const ALGORITHMS: Algorithm[] = [
  "ed25519",
  "ecdsa-p256-sha256",
  "ecdsa-secp256k1-sha256",
]

export type AccountStatus =
  | "ACTIVE"
  | "FROZEN"
  | "SUSPENDED"
  | "TERMINATED"
  | "PENDING_VERIFICATION"
  | "NOT_ACTIVE"
  | "RESTRICTED"

export type Feature =
  | "checkout"
  | "directCheckout"
  | "wallet"
  | "tokenTransfers"
  | "fiatWithdrawals"
  | "autoWithdrawal"
  | "payouts"
  | "payoutAutoWithdrawal"

export const FEATURES: Feature[] = [
  "checkout",
  "directCheckout",
  "wallet",
  "tokenTransfers",
  "fiatWithdrawals",
  "autoWithdrawal",
  "payouts",
  "payoutAutoWithdrawal",
]

export interface KeyRecord {
  apiKey: string
  keyId: string
  algorithm: Algorithm
  publicKeyPem: string
  privateKeyPem: string
  active: boolean
}

export interface Token {
  id: string
  name: string
  symbol: string
  decimals: number
  active: boolean
}
export interface Network {
  id: string
  name: string
  type: "EVM" | "SOLANA"
  chainId: number | null
  active: boolean
  tokens: Token[]
}

export type CheckoutType = "SVC_ACCOUNT" | "FPX_HOSTED" | "FPX_DIRECT"
export type CheckoutStatus =
  | "CREATED"
  | "PENDING"
  | "PROCESSING"
  | "COMPLETED"
  | "FAILED"
  | "CANCELLED"
  | "REJECTED"
export const CHECKOUT_STATUSES = [
  "CREATED",
  "PENDING",
  "PROCESSING",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REJECTED",
] as const
export const FINAL_CHECKOUT: CheckoutStatus[] = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REJECTED",
]

export interface CheckoutRec {
  seq: number
  checkoutId: string
  type: CheckoutType
  status: CheckoutStatus
  amount: number
  fee: number
  netAmount: number
  feeMode: "DEDUCT_FROM_AMOUNT" | "CHARGE_TO_PREFUND" | null
  reservedFee: number
  addressTo: string
  tokenId: string
  title: string
  description: string | null
  redirectUrl: string
  txHash: string | null
  paidAt: number | null
  expiresAt: number
  createdAt: number
  updatedAt: number
  buyerName: string | null
  bank: string | null
  bankType: string | null
  failureReason: string | null
  urlToken: string
}

export interface TokenTransferRec {
  seq: number
  id: string
  status: "CREATED" | "PENDING" | "COMPLETED" | "FAILED"
  toAddress: string
  amount: number
  fee: number
  reference: string
  tokenId: string
  txHash: string | null
  confirmations: number | null
  confirmedAt: number | null
  createdAt: number
  updatedAt: number
}

export interface BankAccountRec {
  seq: number
  id: string
  name: string
  holderName: string
  accountNumber: string
  verified: boolean
  active: boolean
  bankCode: string
  createdAt: number
  updatedAt: number
}

export type WithdrawalStatus =
  "PENDING" | "PROCESSING" | "COMPLETED" | "REJECTED" | "FAILED" | "CANCELLED"
export interface FiatWithdrawalRec {
  seq: number
  id: string
  status: WithdrawalStatus
  statusReason: string | null
  amount: number
  fee: number
  reference: string
  refId: string
  source: "API" | "DEPOSIT"
  /** wallet withdrawals go to a bank account; payout-area deposit transfers to a beneficiary */
  destinationType: "BANK_ACCOUNT" | "BENEFICIARY"
  destinationId: string
  depositId: string | null
  confirmedAt: number | null
  createdAt: number
  updatedAt: number
}

export interface TriggerAddressRec {
  address: string
  area: "WALLET" | "PAYOUT"
  destinationId: string
  active: boolean
  createdAt: number
}

export interface AllowedSenderRec {
  seq: number
  id: string
  triggerAddress: string
  address: string
  label: string | null
  active: boolean
  createdAt: number
}

export type DepositStatus = "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED"
export interface DepositRec {
  seq: number
  id: string
  area: "WALLET" | "PAYOUT"
  txHash: string
  logIndex: number
  chainId: number
  tokenId: string
  amountSen: number
  from: string
  status: DepositStatus
  confirmations: number
  triggerAddress: string | null
  /** null while PROCESSING or when no transfer was attempted */
  resultStatus: WithdrawalStatus | null
  resultReason: string | null
  withdrawalId: string | null
  /** a deposit the sandbox "missed": visible only after check-missed */
  detected: boolean
  createdAt: number
  updatedAt: number
}

export interface BeneficiaryRec {
  seq: number
  id: string
  name: string
  destinationType: "BANK_ACCOUNT" | "PROXY"
  bankCode: string | null
  accountNumber: string | null
  proxyType: string | null
  proxyValue: string | null
  holderName: string
  active: boolean
  autoWithdrawalAddress: string | null
  bankAccountVerified: boolean
  bankAccountVerifiedAt: number | null
  bankAccountNameMatch: "MATCH" | "MISMATCH" | "UNAVAILABLE" | null
  nameCheck: "strict" | "loose" | null
  createdAt: number
  updatedAt: number
}

export type PayoutStatus = "INITIATED" | "SETTLED" | "REVERSED" | "RETURNED"
export interface PayoutRec {
  seq: number
  payoutId: string
  status: PayoutStatus
  amount: number
  fee: number
  netAmount: number
  beneficiaryId: string
  reference: string | null
  description: string | null
  settledAt: number | null
  createdAt: number
  updatedAt: number
}

export interface TopUpRec {
  id: string
  amount: number
  status: "PENDING" | "COMPLETED" | "FAILED"
  createdAt: number
  completedAt: number | null
}

export interface IdemRecord {
  fingerprint: string
  state: "inflight" | "done"
  status: number
  body: unknown
  createdAt: number
}

export interface Task {
  id: string
  at: number
  kind: string
  ref: string
}

export interface FeeConfig {
  /** flat fee in sen charged on FPX checkouts (0 = no checkout fee configured) */
  checkoutFeeSen: number
  /** percentage fee on FPX checkouts in basis points, added to the flat fee */
  checkoutFeeBps: number
  payoutFeeSen: number
  tokenTransferFeeSen: number
  fiatWithdrawalFeeSen: number
}

export interface LimitsConfig {
  dailyWithdrawalSen: number
  monthlyWithdrawalSen: number
  activeBeneficiaries: number
  allowedSendersPerAddress: number
}

export interface SandboxState {
  version: 1
  clockOffsetMs: number
  seq: number
  account: {
    id: string
    name: string
    type: "BUSINESS" | "INDIVIDUAL"
    status: AccountStatus
    features: Record<Feature, boolean>
  }
  keys: KeyRecord[]
  networks: Network[]
  wallet: {
    evmAddress: string
    solAddress: string
    balanceSen: number
    pendingWithdrawalSen: number
  }
  buyerWalletSen: number
  checkoutPrefundSen: number
  prefundSen: number
  fees: FeeConfig
  limits: LimitsConfig
  bankListAvailable: boolean
  checkouts: Record<string, CheckoutRec>
  tokenTransfers: Record<string, TokenTransferRec>
  bankAccounts: Record<string, BankAccountRec>
  fiatWithdrawals: Record<string, FiatWithdrawalRec>
  triggerAddresses: Record<string, TriggerAddressRec>
  allowedSenders: Record<string, AllowedSenderRec>
  deposits: Record<string, DepositRec>
  beneficiaries: Record<string, BeneficiaryRec>
  payouts: Record<string, PayoutRec>
  topUps: Record<string, TopUpRec>
  idempotency: Record<string, IdemRecord>
  tasks: Task[]
}

export interface KeySpec {
  algorithm: Algorithm
  apiKey?: string
  keyId?: string
  publicKeyPem?: string
  privateKeyPem?: string
}

export function makeKey(spec: KeySpec): KeyRecord {
  let { publicKeyPem, privateKeyPem } = spec
  if (!publicKeyPem) {
    const pair =
      spec.algorithm === "ed25519"
        ? generateKeyPairSync("ed25519")
        : generateKeyPairSync("ec", {
            namedCurve:
              spec.algorithm === "ecdsa-p256-sha256"
                ? "prime256v1"
                : "secp256k1",
          })
    privateKeyPem = pair.privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString()
    publicKeyPem = pair.publicKey
      .export({ type: "spki", format: "pem" })
      .toString()
  } else {
    // normalise whatever public key format node understands into SPKI PEM
    publicKeyPem = createPublicKey(publicKeyPem)
      .export({ type: "spki", format: "pem" })
      .toString()
  }
  return {
    apiKey: spec.apiKey ?? `svc_pk_sandbox_${randomHex(16)}`,
    keyId: spec.keyId ?? `sandbox-${spec.algorithm}-${randomHex(4)}`,
    algorithm: spec.algorithm,
    publicKeyPem,
    privateKeyPem: privateKeyPem ?? "",
    active: true,
  }
}

function makeNetworks(): Network[] {
  const token = (decimals: number, active = true): Token => ({
    id: uuid(),
    name: "svc Ringgit",
    symbol: "MYRC",
    decimals,
    active,
  })
  return [
    {
      id: uuid(),
      name: "Ethereum Sepolia",
      type: "EVM",
      chainId: 11155111,
      active: true,
      tokens: [token(18), token(18, false)],
    },
    {
      id: uuid(),
      name: "Arbitrum Sepolia",
      type: "EVM",
      chainId: 421614,
      active: true,
      tokens: [token(18)],
    },
    {
      id: uuid(),
      name: "Solana Devnet",
      type: "SOLANA",
      chainId: null,
      active: true,
      tokens: [token(6)],
    },
    {
      id: uuid(),
      name: "Base Sepolia",
      type: "EVM",
      chainId: 84532,
      active: false,
      tokens: [token(18)],
    },
  ]
}

export interface SeedOptions {
  keys: KeySpec[]
  fees?: Partial<FeeConfig>
  now: number
}

export function seedState(opts: SeedOptions): SandboxState {
  const now = opts.now
  const state: SandboxState = {
    version: 1,
    clockOffsetMs: 0,
    seq: 0,
    account: {
      id: uuid(),
      name: "Sandbox Trading Sdn. Bhd.",
      type: "BUSINESS",
      status: "ACTIVE",
      // cast: Object.fromEntries types its keys as string; FEATURES holds every Feature
      features: Object.fromEntries(FEATURES.map((f) => [f, true])) as Record<
        Feature,
        boolean
      >,
    },
    keys: opts.keys.map(makeKey),
    networks: makeNetworks(),
    wallet: {
      evmAddress: randomEvmAddress(),
      solAddress: randomSolAddress(),
      balanceSen: 50_000_00,
      pendingWithdrawalSen: 0,
    },
    buyerWalletSen: 10_000_00,
    checkoutPrefundSen: 500_00,
    prefundSen: 100_000_00,
    fees: {
      checkoutFeeSen: 100,
      checkoutFeeBps: 0,
      payoutFeeSen: 50,
      tokenTransferFeeSen: 20,
      fiatWithdrawalFeeSen: 0,
      ...opts.fees,
    },
    limits: {
      dailyWithdrawalSen: 50_000_000,
      monthlyWithdrawalSen: 500_000_000,
      activeBeneficiaries: 10_000,
      allowedSendersPerAddress: 50,
    },
    bankListAvailable: true,
    checkouts: {},
    tokenTransfers: {},
    bankAccounts: {},
    fiatWithdrawals: {},
    triggerAddresses: {},
    allowedSenders: {},
    deposits: {},
    beneficiaries: {},
    payouts: {},
    topUps: {},
    idempotency: {},
    tasks: [],
  }
  const bank = (
    name: string,
    holderName: string,
    bankCode: string,
    accountNumber: string
  ): BankAccountRec => ({
    seq: ++state.seq,
    id: uuid(),
    name,
    holderName,
    accountNumber,
    verified: true,
    active: true,
    bankCode,
    createdAt: now,
    updatedAt: now,
  })
  for (const b of [
    bank(
      "Operating account",
      "SANDBOX TRADING SDN BHD",
      "MBBEMYKL",
      "514012345678"
    ),
    bank(
      "Payroll account",
      "SANDBOX TRADING SDN BHD",
      "CIBBMYKL",
      "8001234567"
    ),
  ])
    state.bankAccounts[b.id] = b
  return state
}
