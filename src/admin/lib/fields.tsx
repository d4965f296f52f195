/**
 * The form controls of every svc page and widget, each with a name (axe-core
 * checks it): a visible label above its control (Field, TextField,
 * SelectField), or an aria-label on a list's filter (FilterSelect).
 */
import { Input, Label, Select } from "@medusajs/ui"
import { useState, type ComponentProps, type ReactNode } from "react"

type Size = "small" | "base"

/** One choice of a Select: a value shown as itself, or [value, what is shown]. */
export type Choice = string | readonly [value: string, label: ReactNode]
const valueOf = (c: Choice) => (typeof c === "string" ? c : c[0])

/** A label above its control; `id` is the control's (the label's htmlFor). */
export function Field({
  id,
  label,
  labelSize = "small",
  children,
}: {
  id: string
  label: ReactNode
  labelSize?: Size
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-y-1">
      <Label htmlFor={id} size={labelSize}>
        {label}
      </Label>
      {children}
    </div>
  )
}

type InputProps = Omit<
  ComponentProps<typeof Input>,
  "id" | "value" | "onChange" | "size"
>

/** A labelled text input (small unless `inputSize` says otherwise); `onChange` gets the text. */
export function TextField({
  id,
  label,
  labelSize,
  inputSize = "small",
  value,
  onChange,
  ...input
}: {
  id: string
  label: ReactNode
  labelSize?: Size
  inputSize?: Size
  value: string
  onChange: (v: string) => void
} & InputProps) {
  return (
    <Field id={id} label={label} labelSize={labelSize}>
      <Input
        id={id}
        size={inputSize}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </Field>
  )
}

export type ChoiceSelectProps = {
  /** The trigger's id, for a <Label htmlFor>. */
  id?: string
  /** The trigger's name where no label shows. */
  ariaLabel?: string
  className?: string
  value: string
  onValueChange: (v: string) => void
  choices: readonly Choice[]
  placeholder?: string
  size?: Size
  disabled?: boolean
}

/** Medusa's Select over a list of choices. */
export function ChoiceSelect({
  id,
  ariaLabel,
  className,
  value,
  onValueChange,
  choices,
  placeholder,
  size,
  disabled,
}: ChoiceSelectProps) {
  return (
    <Select
      value={value}
      onValueChange={onValueChange}
      size={size}
      disabled={disabled}
    >
      <Select.Trigger id={id} className={className} aria-label={ariaLabel}>
        <Select.Value placeholder={placeholder} />
      </Select.Trigger>
      <Select.Content>
        {choices.map((c) => (
          <Select.Item key={valueOf(c)} value={valueOf(c)}>
            {typeof c === "string" ? c : c[1]}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}

/** A labelled Select of choices; `onChange` gets the value, as TextField's. */
export const SelectField = ({
  id,
  label,
  onChange,
  ...select
}: { id: string; label: ReactNode; onChange: (v: string) => void } & Omit<
  ChoiceSelectProps,
  "id" | "ariaLabel" | "onValueChange"
>) => (
  <Field id={id} label={label}>
    <ChoiceSelect id={id} onValueChange={onChange} {...select} />
  </Field>
)

/** A form of text fields: its values, and `bind(key)`, a field's value and what changes it. */
export function useFields<F extends Record<string, string>>(initial: F) {
  const [form, setForm] = useState(initial)
  const bind = (key: keyof F) => ({
    value: form[key],
    onChange: (v: string) => setForm((f) => ({ ...f, [key]: v })),
  })
  return { form, setForm, bind }
}

/** A filter's value for "no filter" (a Select item cannot have an empty value). */
export const ANY = "any"

/** A filter's value as a query parameter: none for ANY. */
export const unlessAny = (v: string) => (v !== ANY ? v : undefined)

/** A list's filter: a small Select named by `label`, "any" (`anyLabel`) first, then the choices. */
export const FilterSelect = ({
  label,
  anyLabel,
  className,
  value,
  onChange,
  choices,
}: {
  label: string
  anyLabel: string
  className: string
  value: string
  onChange: (v: string) => void
  choices: readonly Choice[]
}) => (
  <ChoiceSelect
    ariaLabel={label}
    className={className}
    size="small"
    value={value}
    onValueChange={onChange}
    choices={[[ANY, anyLabel], ...choices]}
  />
)
