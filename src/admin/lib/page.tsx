/**
 * The root of every svc page and widget: marked `data-svc-admin`, so the
 * browser test's accessibility check reads the plugin's own markup and not
 * the dashboard around it.
 */
import { Container, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** What a page, a widget or a note wraps, and its data-testid. */
type Wrapping = { children: ReactNode; testId?: string }

/** A page: its containers in one column, as Medusa's own pages are. */
export const SvcPage = ({ children, testId }: Wrapping) => (
  <div className="flex flex-col gap-y-3" data-svc-admin="" data-testid={testId}>
    {children}
  </div>
)

/** A widget on a Medusa page: one container. */
export const SvcWidget = ({
  children,
  testId,
}: Wrapping & { testId: string }) => (
  <Container className="divide-y p-0" data-svc-admin="" data-testid={testId}>
    {children}
  </Container>
)

/** A line of small, subtle text: what a section is, a detail, a note. */
export const Note = ({ children, testId }: Wrapping) => (
  <Text size="small" className="text-ui-fg-subtle" data-testid={testId}>
    {children}
  </Text>
)
