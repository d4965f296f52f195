/**
 * A button that asks first (Medusa's Prompt), then runs the action: for what
 * cannot be undone and moves no money (remove, redrive, require the token).
 * Money goes through MoneyForm.
 */
import { Button, Prompt } from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { useSvcT } from "./i18n"

export function ConfirmButton({
  id,
  title,
  description,
  confirm,
  onConfirm,
  children,
  variant = "secondary",
  disabled,
  isLoading,
  size = "small",
}: {
  id?: string
  title: string
  description: ReactNode
  confirm: string
  onConfirm: () => Promise<unknown> | void
  children: ReactNode
  variant?: "primary" | "secondary" | "danger" | "transparent"
  disabled?: boolean
  isLoading?: boolean
  size?: "small" | "base"
}) {
  const { t } = useSvcT()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <Prompt
      open={open}
      onOpenChange={setOpen}
      variant={variant === "danger" ? "danger" : "confirmation"}
    >
      <Prompt.Trigger asChild>
        <Button
          id={id}
          size={size}
          variant={variant}
          disabled={disabled || busy}
          isLoading={isLoading || busy}
        >
          {children}
        </Button>
      </Prompt.Trigger>
      <Prompt.Content>
        <Prompt.Header>
          <Prompt.Title>{title}</Prompt.Title>
          <Prompt.Description>{description}</Prompt.Description>
        </Prompt.Header>
        <Prompt.Footer>
          <Prompt.Cancel>{t("svc.common.cancel")}</Prompt.Cancel>
          <Prompt.Action
            onClick={async () => {
              setBusy(true)
              try {
                await onConfirm()
              } finally {
                setBusy(false)
                setOpen(false)
              }
            }}
          >
            {confirm}
          </Prompt.Action>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
