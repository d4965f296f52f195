import type { Sandbox } from "../../../sandbox"
import { SvcClient, type SvcClientOptions } from "../../index"
/** Spec-shaped response bodies (spec: Resources). */
export const ID = "6f1c1c52-3a51-4b8e-9a1d-0123456789ab"
export const ID2 = "7a2d2d63-4b62-4c9f-8b2e-123456789abc"
export const TOKEN_ID = "8b3e3e74-5c73-4da0-9c3f-23456789abcd"
export const EVM = "0x52908400098527886E0F7030069857D2E4169EE7"
export const SOL = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"
export const TX = `0x${"ab".repeat(32)}`
const ts = "2025-01-01T00:00:00.000Z"

export const health = {
  success: true,
  message: "ok",
  account: { id: ID, name: "Acme", type: "BUSINESS", status: "ACTIVE" },
}
export const checkoutCreated = {
  checkoutId: ID,
  checkoutUrl: "https://pay.example/c/1?x=1",
  expiresAt: ts,
}
export const checkout = {
  checkoutId: ID,
  type: "FPX_HOSTED",
  status: "CREATED",
  amount: "1000",
  fee: "0",
  netAmount: "1000",
  addressTo: EVM,
  tokenId: TOKEN_ID,
  token: { id: TOKEN_ID, name: "Token", symbol: "TKN" },
  title: "t",
  description: null,
  redirectUrl: "https://shop.example/r",
  txHash: null,
  paidAt: null,
  expiresAt: ts,
  createdAt: ts,
  updatedAt: ts,
}
export const banks = {
  banks: [
    {
      code: "ABB0233",
      name: "Affin",
      displayName: "Affin Bank",
      logoUrl: "https://x/y.png",
      type: "01",
      active: true,
    },
  ],
}
export const walletAddress = { evmAddress: EVM, solAddress: SOL }
export const walletBalance = { walletBalance: "100000", pendingWithdrawal: "0" }
export const networks = [
  {
    id: "arb-sepolia",
    name: "Arbitrum Sepolia",
    type: "EVM",
    tokens: [{ id: TOKEN_ID }],
  },
]
export const tokenTransfer = {
  id: ID,
  status: "CREATED",
  toAddress: EVM,
  amount: "1000",
  fee: "10",
  reference: "r",
  source: "API",
  tokenId: TOKEN_ID,
  token: {
    symbol: "TKN",
    name: "Token",
    network: { id: "arb", name: "Arb", type: "EVM" },
  },
  txHash: null,
  confirmations: null,
  confirmedAt: null,
  createdAt: ts,
  updatedAt: ts,
}
export const bankAccount = {
  id: ID,
  name: "Main",
  accountNumber: "1234567890",
  verified: true,
  bank: { code: "MBB", name: "Maybank" },
  createdAt: ts,
  updatedAt: ts,
}
export const bankAccountPage = {
  data: [bankAccount],
  hasMore: false,
  nextCursor: null,
}
export const fiatWithdrawal = {
  id: ID,
  status: "PENDING",
  amount: "1000",
  fee: "0",
  reference: "r",
  refId: "REF1",
  source: "API",
  destination: {
    name: "Acme",
    accountNumber: "1234567890",
    bank: { code: "MBB", name: "Maybank" },
  },
  confirmedAt: null,
  createdAt: ts,
  updatedAt: ts,
}
export const triggerAddress = (type: string) => ({
  address: EVM,
  network: "EVM",
  destination: { type, id: ID },
})
export const allowedSender = {
  id: ID2,
  address: EVM.toLowerCase(),
  label: null,
  active: true,
  createdAt: ts,
}
export const deposit = {
  id: ID,
  txHash: TX,
  logIndex: 0,
  chainId: 421614,
  tokenId: TOKEN_ID,
  amount: "1000000",
  from: EVM,
  status: "COMPLETED",
  confirmations: 12,
  triggerAddress: EVM,
  destination: { type: "BENEFICIARY", id: ID2, name: "B" },
  result: {
    status: "PENDING",
    statusReason: null,
    withdrawal: {
      id: ID2,
      amount: "1000",
      status: "PENDING",
      refId: "R",
      reference: "x",
      createdAt: ts,
      updatedAt: ts,
    },
  },
  createdAt: ts,
  updatedAt: ts,
}
export const checkMissed = { status: "QUEUED", depositIds: [] }
export const payout = {
  payoutId: ID,
  status: "INITIATED",
  fee: "100",
  netAmount: "900",
  amount: "1000",
}
export const beneficiary = {
  id: ID,
  name: "B",
  autoWithdrawalAddress: null,
  bankAccountVerified: true,
  bankAccountVerifiedAt: ts,
  bankAccountNameMatch: "MATCH",
}
export const prefund = { available: "500000" }

export const checkoutBody = {
  type: "FPX_HOSTED" as const,
  addressTo: EVM,
  amount: 1000,
  tokenId: TOKEN_ID,
  redirectUrl: "https://shop.example/r",
  title: "order-1",
  feeMode: "DEDUCT_FROM_AMOUNT" as const,
}

/** A client signing with a sandbox's key (`more`: its other options, e.g. `maxRetries`). */
export const sandboxClient = (
  sb: Pick<Sandbox, "url" | "credentials">,
  more: Partial<SvcClientOptions> = {}
) =>
  new SvcClient({
    baseUrl: sb.url,
    apiKey: sb.credentials.apiKey,
    keyId: sb.credentials.keyId,
    privateKey: sb.credentials.privateKeyPem,
    algorithm: sb.credentials.algorithm,
    ...more,
  })
