/**
 * The admin's language: Medusa's own i18next instance (react-i18next, shared
 * with the dashboard; the plugin bundle never carries a second one). Keys are
 * written out whole (t("svc.…")) so a test can find every one in en.json.
 */
import { getI18n, useTranslation } from "react-i18next"

/** A key and its values, for words made outside a component (format.ts) and put into words inside one. */
export type Phrase = { key: string; values?: Record<string, string | number> }

/** Medusa's language code ("zhCN", "enGB", "ptBR") as the BCP 47 tag Intl takes ("zh-CN"). */
export const bcp47 = (lng: string | undefined): string =>
  lng ? lng.replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2") : "en"

/** The admin's language as a BCP 47 tag, outside a component; English when Medusa's admin has no i18next (never in a real admin). */
export const adminLocale = (): string =>
  bcp47(getI18n()?.resolvedLanguage ?? getI18n()?.language)

/** `t` over Medusa's "translation" namespace, where the plugin's words sit under "svc". */
export function useSvcT() {
  const { t } = useTranslation()
  const say = (p: Phrase) => t(p.key, p.values ?? {})
  return { t, say }
}
