/**
 * svc was asked to move money (or may have been), and what it answered could
 * not be written to the row afterwards (the database failed at that moment).
 * The row keeps its Idempotency-Key and its CREATING status, so the job
 * finishes it with the same key as it does for a send a dead process left: no
 * second request, no lost one. The withdraw and transfer workflows tell this
 * apart from a failure before svc was asked, whose row nothing was sent for.
 */
export class UnrecordedSendError<
  Row extends { id: string } = { id: string },
> extends Error {
  override name = "UnrecordedSendError"
  /** The row as it was before the send (status CREATING, its key). */
  readonly row: Row

  constructor(what: string, row: Row, cause: unknown) {
    super(
      `svc was asked to send ${what} ${row.id}, but its answer could not be recorded (${cause instanceof Error ? cause.message : String(cause)}); the row keeps its key and the job finishes it`
    )
    Object.defineProperty(this, "cause", { value: cause, enumerable: false })
    this.row = row
  }
}

/** Runs the write that records svc's answer; a failure there is an UnrecordedSendError. */
export async function recordAnswer<T, Row extends { id: string }>(
  what: string,
  row: Row,
  write: () => Promise<T>
): Promise<T> {
  try {
    return await write()
  } catch (e) {
    throw new UnrecordedSendError(what, row, e)
  }
}
