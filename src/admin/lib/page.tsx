/**
 * The root of every svc page and widget: marked `data-svc-admin`, so the
 * browser test's accessibility check reads the plugin's own markup and not
 * the dashboard around it.
 */
import { Container } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A page: its containers in one column, as Medusa's own pages are. */
export const SvcPage = ({
  children,
  testId,
}: {
  children: ReactNode
  testId?: string
}) => (
  <div className="flex flex-col gap-y-3" data-svc-admin="" data-testid={testId}>
    {children}
  </div>
)

/** A widget on a Medusa page: one container. */
export const SvcWidget = ({
  children,
  testId,
}: {
  children: ReactNode
  testId: string
}) => (
  <Container className="divide-y p-0" data-svc-admin="" data-testid={testId}>
    {children}
  </Container>
)
