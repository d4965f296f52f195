import { TEXTS } from "./catalogue"
import { recogniser, type Recognised } from "./recognise"
import type { Said } from "./said"

export { TEXTS, type TextCode } from "./catalogue"
export {
  say,
  english,
  spoken,
  type Said,
  type TextValue,
  type Spoken,
  type MaybeSpoken,
} from "./said"
export { recogniser, type Recognised } from "./recognise"

/** The catalogue's code and values of an English sentence the server wrote, or null (./recognise.ts). */
export const recognise: (text: string) => Recognised | null = recogniser(
  Object.entries(TEXTS)
)

/** `{x_code, x_params}` for a stored or thrown English sentence, null each when the catalogue does not know it. */
export function codesOf<K extends string>(
  field: K,
  text: string | null | undefined
): { [P in `${K}_code`]: string | null } & {
  [P in `${K}_params`]: Said["params"] | null
} {
  const r = text ? recognise(text) : null
  return {
    [`${field}_code`]: r?.code ?? null,
    [`${field}_params`]: r?.params ?? null,
  } as { [P in `${K}_code`]: string | null } & {
    [P in `${K}_params`]: Said["params"] | null
  }
}
