// A realistic Malaysian FPX bank list (retail 01 and corporate 02, some inactive) and the
// payout-side bank list (BIC codes). Logos are small SVGs served by the sandbox itself.

export interface FpxBankSeed {
  code: string
  name: string
  displayName: string
  type: "01" | "02"
  active: boolean
  color: string
}

export const FPX_BANKS: FpxBankSeed[] = [
  {
    code: "ABB0233",
    name: "Affin Bank Berhad",
    displayName: "Affin Bank",
    type: "01",
    active: true,
    color: "#0d3b7a",
  },
  {
    code: "ABMB0212",
    name: "Alliance Bank Malaysia Berhad",
    displayName: "Alliance Bank (Personal)",
    type: "01",
    active: true,
    color: "#1e3a8a",
  },
  {
    code: "AGRO01",
    name: "Bank Pertanian Malaysia Berhad (Agrobank)",
    displayName: "AGRONet",
    type: "01",
    active: true,
    color: "#15803d",
  },
  {
    code: "AMBB0209",
    name: "AmBank Malaysia Berhad",
    displayName: "AmBank",
    type: "01",
    active: true,
    color: "#dc2626",
  },
  {
    code: "BIMB0340",
    name: "Bank Islam Malaysia Berhad",
    displayName: "Bank Islam",
    type: "01",
    active: true,
    color: "#9d174d",
  },
  {
    code: "BMMB0341",
    name: "Bank Muamalat Malaysia Berhad",
    displayName: "Bank Muamalat",
    type: "01",
    active: true,
    color: "#7c2d12",
  },
  {
    code: "BKRM0602",
    name: "Bank Kerjasama Rakyat Malaysia Berhad",
    displayName: "Bank Rakyat",
    type: "01",
    active: true,
    color: "#1d4ed8",
  },
  {
    code: "BSN0601",
    name: "Bank Simpanan Nasional",
    displayName: "BSN",
    type: "01",
    active: true,
    color: "#0369a1",
  },
  {
    code: "BCBB0235",
    name: "CIMB Bank Berhad",
    displayName: "CIMB Clicks",
    type: "01",
    active: true,
    color: "#b91c1c",
  },
  {
    code: "HLB0224",
    name: "Hong Leong Bank Berhad",
    displayName: "Hong Leong Bank",
    type: "01",
    active: true,
    color: "#1e40af",
  },
  {
    code: "HSBC0223",
    name: "HSBC Bank Malaysia Berhad",
    displayName: "HSBC Bank",
    type: "01",
    active: false,
    color: "#be123c",
  },
  {
    code: "KFH0346",
    name: "Kuwait Finance House (Malaysia) Berhad",
    displayName: "KFH",
    type: "01",
    active: false,
    color: "#166534",
  },
  {
    code: "MB2U0227",
    name: "Malayan Banking Berhad (M2U)",
    displayName: "Maybank2U",
    type: "01",
    active: true,
    color: "#ca8a04",
  },
  {
    code: "MBB0228",
    name: "Malayan Banking Berhad (M2E)",
    displayName: "Maybank2E",
    type: "01",
    active: true,
    color: "#a16207",
  },
  {
    code: "OCBC0229",
    name: "OCBC Bank Malaysia Berhad",
    displayName: "OCBC Bank",
    type: "01",
    active: true,
    color: "#991b1b",
  },
  {
    code: "PBB0233",
    name: "Public Bank Berhad",
    displayName: "Public Bank",
    type: "01",
    active: true,
    color: "#b91c1c",
  },
  {
    code: "RHB0218",
    name: "RHB Bank Berhad",
    displayName: "RHB Bank",
    type: "01",
    active: true,
    color: "#1e3a8a",
  },
  {
    code: "SCB0216",
    name: "Standard Chartered Bank",
    displayName: "Standard Chartered",
    type: "01",
    active: false,
    color: "#047857",
  },
  {
    code: "UOB0226",
    name: "United Overseas Bank",
    displayName: "UOB Bank",
    type: "01",
    active: true,
    color: "#1e3a8a",
  },
  {
    code: "ABB0235",
    name: "Affin Bank Berhad B2B",
    displayName: "AFFINMAX",
    type: "02",
    active: true,
    color: "#0d3b7a",
  },
  {
    code: "ABMB0213",
    name: "Alliance Bank Malaysia Berhad",
    displayName: "Alliance Bank (Business)",
    type: "02",
    active: true,
    color: "#1e3a8a",
  },
  {
    code: "AMBB0208",
    name: "AmBank Malaysia Berhad",
    displayName: "AmBank",
    type: "02",
    active: true,
    color: "#dc2626",
  },
  {
    code: "BCBB0235B",
    name: "CIMB Bank Berhad",
    displayName: "CIMB BizChannel",
    type: "02",
    active: true,
    color: "#b91c1c",
  },
  {
    code: "BIMB0340B",
    name: "Bank Islam Malaysia Berhad",
    displayName: "Bank Islam",
    type: "02",
    active: false,
    color: "#9d174d",
  },
  {
    code: "HLB0224B",
    name: "Hong Leong Bank Berhad",
    displayName: "Hong Leong Connect",
    type: "02",
    active: true,
    color: "#1e40af",
  },
  {
    code: "MBB0228B",
    name: "Malayan Banking Berhad (M2E)",
    displayName: "Maybank2E",
    type: "02",
    active: true,
    color: "#a16207",
  },
  {
    code: "PBB0234",
    name: "Public Bank Enterprise",
    displayName: "Public Bank PB enterprise",
    type: "02",
    active: true,
    color: "#b91c1c",
  },
  {
    code: "RHB0218B",
    name: "RHB Bank Berhad",
    displayName: "RHB Reflex",
    type: "02",
    active: true,
    color: "#1e3a8a",
  },
  {
    code: "SCB0215",
    name: "Standard Chartered Bank",
    displayName: "Standard Chartered",
    type: "02",
    active: false,
    color: "#047857",
  },
]

export interface PayoutBankSeed {
  code: string
  name: string
  active: boolean
}

/** Banks that can receive payouts (BIC codes); the inactive ones give UNKNOWN_BENEFICIARY. */
export const PAYOUT_BANKS: PayoutBankSeed[] = [
  { code: "MBBEMYKL", name: "Malayan Banking Berhad", active: true },
  { code: "CIBBMYKL", name: "CIMB Bank Berhad", active: true },
  { code: "PBBEMYKL", name: "Public Bank Berhad", active: true },
  { code: "RHBBMYKL", name: "RHB Bank Berhad", active: true },
  { code: "HLBBMYKL", name: "Hong Leong Bank Berhad", active: true },
  { code: "ARBKMYKL", name: "AmBank (M) Berhad", active: true },
  { code: "BIMBMYKL", name: "Bank Islam Malaysia Berhad", active: true },
  {
    code: "BKRMMYKL",
    name: "Bank Kerjasama Rakyat Malaysia Berhad",
    active: true,
  },
  { code: "BSNAMYK1", name: "Bank Simpanan Nasional", active: true },
  { code: "OCBCMYKL", name: "OCBC Bank (Malaysia) Berhad", active: true },
  {
    code: "UOVBMYKL",
    name: "United Overseas Bank (Malaysia) Berhad",
    active: true,
  },
  { code: "PHBMMYKL", name: "Affin Bank Berhad", active: true },
  { code: "MFBBMYKL", name: "Alliance Bank Malaysia Berhad", active: true },
  { code: "BMMBMYKL", name: "Bank Muamalat Malaysia Berhad", active: true },
  { code: "AGOBMYKL", name: "Agrobank", active: true },
  {
    code: "SCBLMYKX",
    name: "Standard Chartered Bank Malaysia Berhad",
    active: false,
  },
  { code: "HBMBMYKL", name: "HSBC Bank Malaysia Berhad", active: false },
  {
    code: "KFHOMYKL",
    name: "Kuwait Finance House (Malaysia) Berhad",
    active: false,
  },
]

export function bankLogoSvg(code: string): string | null {
  const bank = FPX_BANKS.find((b) => b.code === code)
  if (!bank) return null
  const initials = bank.displayName
    .replace(/[^A-Za-z0-9 ]/g, "")
    .split(" ")
    .map((w) => w[0])
    .join("")
    .slice(0, 3)
    .toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48" viewBox="0 0 96 48"><rect width="96" height="48" rx="8" fill="${bank.color}"/><text x="48" y="31" font-family="Arial,sans-serif" font-size="18" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text></svg>`
}
