/**
 * The one way money leaves from the admin (a refund, a withdrawal, a token
 * transfer): the amount typed is read exactly (parseRinggit), a Prompt says
 * what will happen, and only its confirmation sends, with the form's
 * `request_id`.
 *
 * One request per form: the id (a UUID) stays the same until the request is
 * answered for good, so sending the same form again after a lost answer (a
 * timeout, no answer at all, a double click) is the same request and the
 * server answers with what it already made. Medusa's 4xx refuses the request
 * as it stands (nothing was made): the corrected form is a new request, with a
 * new id. An answer that is not final yet (svc did not answer: UNCERTAIN,
 * REQUESTED…) keeps the id and the fields, so "send" again finishes it.
 */
import { Button, Prompt, Text, toast } from "@medusajs/ui"
import { useRef, useState, type FormEvent, type ReactNode } from "react"
import { TextField } from "./fields"
import { parseRinggit, rm } from "./format"
import { useSvcT } from "./i18n"
import { newRequestId } from "./request-id"
import { svcPost, useSvcMutation } from "./api/query"
import { refused } from "./api/sdk"
import { useServerText } from "../i18n/server-text"

/** What the page says about an answer, and whether the request is finished (the next send is a new request). */
export type MoneySent = { final: boolean; text: string }

/** The amount field of a money form: a visible label, decimal keyboard, text read by parseRinggit. */
export const AmountField = (props: {
  id: string
  label: string
  value: string
  onChange: (v: string) => void
  placeholder?: string
}) => <TextField {...props} inputMode="decimal" autoComplete="off" />

/** The words of a money form: its button, the Prompt's confirmation, the toasts' titles. */
export type MoneyWords = {
  submit: string
  confirm: string
  sent: string
  refused: string
}

export function MoneyForm<A>({
  idPrefix,
  amount,
  ready,
  words,
  submitVariant = "primary",
  title,
  description,
  path,
  body,
  sent,
  onSent,
  children,
}: {
  /** `${idPrefix}-submit`, `${idPrefix}-confirm`; the outcome lines are data-testid `${idPrefix}-result` and `${idPrefix}-error`. */
  idPrefix: string
  /** What the admin typed in the amount field. */
  amount: string
  /** Every other required field is filled. */
  ready: boolean
  words: MoneyWords
  submitVariant?: "primary" | "secondary"
  /** The Prompt's question, given the amount as "RM1,234.50". */
  title: (amount: string) => string
  description: ReactNode
  /** The admin route the request is POSTed to, as `{ request_id, ...body(amount) }`. */
  path: string
  /** The request's fields: `amount` is plain ringgit ("1234.50"), as the routes take it. */
  body: (amount: string) => object
  sent: (answer: A) => MoneySent
  /** A final answer: clear what should not be sent twice. */
  onSent?: (answer: A) => void
  children: ReactNode
}) {
  const { t, say } = useSvcT()
  const { error: errorText } = useServerText()
  const requestId = useRef(newRequestId())
  // answered or not, every svc list on the page reads again
  const sending = useSvcMutation((v: { requestId: string; amount: string }) =>
    svcPost<A>(path, { request_id: v.requestId, ...body(v.amount) })
  )
  const busy = sending.isPending
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const parsed = parseRinggit(amount)

  const review = (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    if (!parsed.ok) {
      setError(say(parsed.error))
      return
    }
    setError(null)
    setConfirming(true)
  }

  const confirm = async () => {
    if (!parsed.ok) return
    setConfirming(false)
    setError(null)
    setResult(null)
    try {
      const answer = await sending.mutateAsync({
        requestId: requestId.current,
        amount: parsed.text,
      })
      const s = sent(answer)
      setResult(s.text)
      if (s.final) {
        requestId.current = newRequestId()
        toast.success(words.sent, { description: s.text })
        onSent?.(answer)
      } else {
        toast.warning(words.sent, { description: s.text })
      }
    } catch (e) {
      setError(errorText(e))
      toast.error(words.refused, { description: errorText(e) })
      // refused: nothing was made, a corrected form is a new request; no answer: the same id again
      if (refused(e)) requestId.current = newRequestId()
    }
  }

  return (
    <form
      className="flex flex-col gap-y-3 px-6 py-4"
      onSubmit={review}
      noValidate
    >
      {children}
      {(
        [
          [error, "error", "text-ui-fg-error", "alert"],
          [result, "result", "text-ui-fg-base", "status"],
        ] as const
      ).map(
        ([line, name, color, role]) =>
          line && (
            <Text
              key={name}
              size="small"
              className={color}
              data-testid={`${idPrefix}-${name}`}
              role={role}
            >
              {line}
            </Text>
          )
      )}
      <div>
        <Button
          id={`${idPrefix}-submit`}
          type="submit"
          size="small"
          variant={submitVariant}
          isLoading={busy}
          disabled={busy || !ready || !amount.trim()}
        >
          {words.submit}
        </Button>
      </div>
      <Prompt open={confirming} onOpenChange={setConfirming}>
        <Prompt.Content>
          <Prompt.Header>
            <Prompt.Title>
              {parsed.ok ? title(rm(parsed.sen)) : ""}
            </Prompt.Title>
            <Prompt.Description>{description}</Prompt.Description>
          </Prompt.Header>
          <Prompt.Footer>
            <Prompt.Cancel>{t("svc.common.cancel")}</Prompt.Cancel>
            <Prompt.Action id={`${idPrefix}-confirm`} onClick={confirm}>
              {words.confirm}
            </Prompt.Action>
          </Prompt.Footer>
        </Prompt.Content>
      </Prompt>
    </form>
  )
}
