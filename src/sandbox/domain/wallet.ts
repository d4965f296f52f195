import type { Engine } from "../engine"
import { ControlError } from "../errors"

export interface SimulateDepositOptions {
  area: "WALLET" | "PAYOUT"
  triggerAddress?: string | null
  from: string
  amountSen: number
  chainId?: number
  withRetriedProcessing?: boolean
  stopAt?: "PROCESSING"
  undetected?: boolean
}

export interface WalletOps {
  simulateDeposit(opts: SimulateDepositOptions): unknown
  creditDeposit(id: string): unknown
}

export function makeWalletOps(_engine: Engine): WalletOps {
  const todo = (): never => {
    throw new ControlError(501, "NOT_IMPLEMENTED", "deposits are not implemented yet")
  }
  return { simulateDeposit: todo, creditDeposit: todo }
}
