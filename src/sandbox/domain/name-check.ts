// Sandbox name check (spec: Payout area rule 2). The bank's holder name is derived from the
// account number (or proxy value) suffix; see docs/sandbox.md:
//   7777 → the name in capitals with a title and punctuation ("ENCIK AHMAD-ALI.") : strict and loose pass
//   8888 → the words in reverse order: strict fails, loose passes
//   9999 → a different person: both fail
//   6666 → the name check is unavailable (NAME_CHECK_UNAVAILABLE)
//   other → the name as given

const TITLES = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "DR",
  "ENCIK",
  "EN",
  "PUAN",
  "PN",
  "CIK",
  "TUAN",
  "HAJI",
  "HJ",
  "HAJAH",
  "HJH",
  "DATO",
  "DATUK",
  "DATIN",
  "TAN",
  "SRI",
  "PROF",
  "IR",
])
const PATRONYMIC = new Set(["BIN", "BINTI", "BTE", "BT", "BN", "AL", "AP"])

export function holderNameFor(name: string, suffixSource: string): string {
  const suffix = suffixSource.slice(-4)
  if (suffix === "7777") return `ENCIK ${name.toUpperCase().replace(/ /, "-")}.`
  if (suffix === "8888")
    return name.toUpperCase().split(/\s+/).reverse().join(" ")
  if (suffix === "9999") return "SANDBOX OTHER HOLDER"
  return name.toUpperCase()
}

const words = (s: string): string[] =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/\bA\/[LP]\b/g, " ")
    .replace(/[^A-Z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)

const core = (s: string): string[] =>
  words(s).filter((w) => !TITLES.has(w) && !PATRONYMIC.has(w))

export function strictMatch(given: string, holder: string): boolean {
  const a = core(given).join(" ")
  const b = core(holder).join(" ")
  if (!a || !b) return false
  if (a === b) return true
  // a truncated long name: one is a prefix of the other and the shorter is long enough to be a truncation
  const [short, long] = a.length < b.length ? [a, b] : [b, a]
  return short.length >= 20 && long.startsWith(short)
}

export function looseMatch(given: string, holder: string): boolean {
  if (strictMatch(given, holder)) return true
  const givens = given
    .split("@")
    .map((x) => x.trim())
    .filter(Boolean)
  const holders = holder
    .split(/\s*(?:&|\/|\bAND\b|\bDAN\b)\s*/i)
    .map((x) => x.trim())
    .filter(Boolean)
  for (const g of givens)
    for (const h of holders) {
      if (strictMatch(g, h)) return true
      const gw = core(g)
      const hw = core(h)
      if (!gw.length || !hw.length) continue
      if (gw.join("") === hw.join("")) return true // different word boundaries
      const sorted = (x: string[]) => [...x].sort().join(" ")
      if (sorted(gw) === sorted(hw)) return true // reordered
      if (gw.length >= 2 && gw.every((w) => hw.includes(w))) return true // partial / contained multi-word name
    }
  return false
}
