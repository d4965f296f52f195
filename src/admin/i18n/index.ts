/**
 * The admin's words in each language, as Medusa's admin takes a plugin's
 * translations (Medusa ≥ 2.11.1: the admin bundler finds src/admin/i18n/index.ts
 * and deep-merges it into the dashboard's own resources). Everything sits
 * under the top-level "svc" key of Medusa's "translation" namespace, so it
 * can never meet one of Medusa's keys. A language code is Medusa's (zhCN, not
 * zh-CN); a language without a file here, or a key missing from one, shows
 * the English (Medusa's fallbackLng). The English of the server's sentences
 * (`svc.server`) is the server's own catalogue, src/lib/texts/en.json.
 */
import en from "./json/en.json"
import zhCN from "./json/zhCN.json"
import server from "../../lib/texts/en.json"

export default {
  en: { translation: { svc: { ...en.svc, server } } },
  zhCN: { translation: zhCN },
}
