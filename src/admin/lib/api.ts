/** JSON call to the Medusa backend from an admin widget or page (session cookie); errors carry Medusa's message. */
export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(path, {
    credentials: "include",
    ...init,
    headers: { "content-type": "application/json", ...(init?.headers ?? {}) },
  })
  const j = await r.json().catch(() => ({}))
  if (!r.ok) throw new Error(j?.message ?? r.statusText)
  return j as T
}

/** Sen as "RM 1,234.50". */
export const rm = (sen: number | string) =>
  `RM ${(Number(sen) / 100).toLocaleString("en-MY", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
