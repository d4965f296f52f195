// The script medusa exec runs: `help` prints the flags and a bad flag stops it, both before the
// store is read (the container is asked for the logger only).
import type { ExecArgs } from "@medusajs/framework/types"
import setupMalaysiaScript from "../setup-malaysia"

function fakeContainer() {
  const resolved: string[] = []
  const info: string[] = []
  const container = {
    resolve: (key: string) => {
      resolved.push(key)
      if (key === "logger") return { info: (m: string) => info.push(m) }
      throw new Error(`${key} resolved`)
    },
  } as unknown as ExecArgs["container"]
  return { container, resolved, info }
}

describe("setup-malaysia script", () => {
  it("help: prints every flag, reads nothing", async () => {
    const { container, resolved, info } = fakeContainer()
    await setupMalaysiaScript({ container, args: ["help"] })
    expect(resolved).toEqual(["logger"])
    expect(info.join("\n")).toMatch(
      /setup-malaysia\.js \[name=value \.\.\.\][\s\S]*sst=0\|5\|6\|8\|10[\s\S]*shipping=<RM>[\s\S]*prices=from:<cur>:<rate>[\s\S]*providers=<id>/
    )
  })

  it("a bad flag stops it with the flag's rule before the store is read", async () => {
    const { container, resolved } = fakeContainer()
    await expect(
      setupMalaysiaScript({ container, args: ["sst=7"] })
    ).rejects.toThrow(/^sst must be one of 0, 5, 6, 8, 10/)
    await expect(
      setupMalaysiaScript({ container, args: ["--sst", "8"] })
    ).rejects.toThrow(/"--sst" is not a flag: flags are name=value/)
    expect(resolved.filter((k) => k !== "logger")).toEqual([])
  })
})
