/**
 * The svc sandbox in its own process, so the load generator's event loop does not
 * slow the sandbox down (and the reverse). Started by stack.ts with fork(); takes
 * its options as JSON in argv[2] and answers {url, credentials} over IPC.
 */
import { startSandbox, type SandboxOptions } from "../../src/sandbox"

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as SandboxOptions
  const sandbox = await startSandbox({ ...options, logErrors: true })
  process.send?.({ url: sandbox.url, credentials: sandbox.credentials })
  const stop = () => void sandbox.close().then(() => process.exit(0))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  // the parent went away: do not linger
  process.on("disconnect", stop)
}

void main()
