/** JSON call to the Medusa backend from an admin widget or page (session cookie); errors carry Medusa's message and the HTTP status. */
export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(path, {
    credentials: "include",
    ...init,
    headers: { "content-type": "application/json", ...(init?.headers ?? {}) },
  })
  const j = await r.json().catch(() => ({}))
  if (!r.ok) throw Object.assign(new Error(j?.message ?? r.statusText), { status: r.status })
  return j as T
}

/** Sen (integer, number or string) as "RM 1,234.50", exactly: digit arithmetic, no floating point. */
export const rm = (sen: number | string) => {
  const s = String(sen).trim()
  if (!/^-?\d+$/.test(s)) return `RM ${s}`
  const neg = s.startsWith("-")
  const digits = (neg ? s.slice(1) : s).padStart(3, "0")
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${neg ? "-" : ""}RM ${whole}.${digits.slice(-2)}`
}

/** The message of anything thrown. */
export const messageOf = (e: unknown) => String((e as Error)?.message ?? e)

/** A refusal by Medusa (4xx): nothing was made, so a corrected form is a new request. */
export const refusedByMedusa = (e: unknown) => {
  const s = (e as { status?: number })?.status
  return typeof s === "number" && s >= 400 && s < 500
}

/** One id per money form, kept until the request is answered for good: sending the form again is the same request. */
export const newRequestId = () => crypto.randomUUID()
