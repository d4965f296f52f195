import type { Engine } from "../engine"
import { ControlError } from "../errors"

export interface PayoutOps {
  topUp(sen: number): { id: string; amount: string; status: string }
}

export function makePayoutOps(_engine: Engine): PayoutOps {
  return {
    topUp: () => {
      throw new ControlError(501, "NOT_IMPLEMENTED", "prefund top-ups are not implemented yet")
    },
  }
}
