/**
 * One step of a job sweep over ledger rows: `step` answers whether it did
 * something (the caller counts that); a failure is counted in `report.errors`
 * and logged as `svc: <what>: <message>`, never thrown, so the sweep goes on
 * with the next row.
 */
export async function sweepStep(
  report: { errors: number },
  logger: { warn: (m: string) => void },
  what: string,
  step: () => Promise<boolean>
): Promise<boolean> {
  try {
    return await step()
  } catch (e) {
    report.errors++
    logger.warn(`svc: ${what}: ${e instanceof Error ? e.message : String(e)}`)
    return false
  }
}
