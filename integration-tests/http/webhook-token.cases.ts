// The store's secret webhook URL. No provider option `webhookToken` here: the plugin
// generates the store's token once (svc_setting), the doctor shows the URL with it, and it is
// required only once the admin turns it on (POST /admin/svc/webhook-token, Settings → svc
// connection). One Medusa app on PostgreSQL, real HTTP; the svc sandbox plays svc.
import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { fetch } from "undici"

import type { SvcSuite } from "../helpers/suite"
import { waitFor } from "../helpers/store"
import { scanLogDir } from "../helpers/secrets-scan"
import { UNKNOWN_TYPES_RESOURCE } from "../../src/api/hooks/svc/webhook-guard"
import {
  WebhookTokenSettings,
  webhookTokenSettings,
} from "../../src/api/hooks/svc/webhook-token"
import { SVC_MODULE, type SvcModuleService } from "../../src/modules/svc"

export function webhookToken({ svc, getContainer, admin }: SvcSuite): void {
  const knex = () =>
    (getContainer() as MedusaContainer).resolve(
      ContainerRegistrationKeys.PG_CONNECTION
    ) as any
  // the settings as the plugin reads them: through the svc module (svc_setting's one owner)
  const settings = () =>
    (getContainer() as MedusaContainer).resolve<SvcModuleService>(SVC_MODULE)
  const health = async () =>
    (await admin.client.fetch<any>("/admin/svc/health")).health
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")
  const storedToken = async () =>
    (
      await knex().raw(
        `select value->>'token' as t from svc_setting where key = 'webhook_token' and deleted_at is null`
      )
    ).rows.map((r: any) => r.t)

  /** A webhook of a type svc does not send: when accepted, the plugin's subscriber counts it under its type (svc_webhook_event). */
  const event = (type: string) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      type,
      createdAt: new Date().toISOString(),
      data: {},
    })
  async function hook(
    path: string,
    body: string | Buffer,
    contentType = "application/json"
  ) {
    const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    })
    return { status: res.status, text: await res.text() }
  }
  /** How many events of the type the subscriber counted (0: never stored). */
  async function counted(type: string): Promise<number> {
    const { rows } = await knex().raw(
      `select payload->>'count' as n from svc_webhook_event where resource_id = ? and event_id = ?`,
      [UNKNOWN_TYPES_RESOURCE, `unknown-type:${type}`]
    )
    return Number(rows[0]?.n ?? 0)
  }

  it("the doctor shows the URL with a generated token, made once and kept in svc_setting: a restarted process reads the same one", async () => {
    const h = await health()
    expect(h.webhooks.url).toMatch(/\/hooks\/svc\?token=[A-Za-z0-9_-]{43}$/)
    const token = tokenOf(h.webhooks.url)!
    expect(h.webhooks.token).toMatchObject({
      source: "generated",
      required: false,
    })
    expect(h.webhooks.token_configured).toBe(false)
    expect(h.checks.find((c: any) => c.id === "webhook_token")).toMatchObject({
      level: "ok",
      advice: expect.stringContaining(h.webhooks.url),
    })
    expect(await storedToken()).toEqual([token]) // one row
    // a restart: a new process's settings start empty and read the row (the same token, not a new one)
    const restarted = new WebhookTokenSettings()
    expect((await restarted.load(settings())).token).toBe(token)
    expect(restarted.reads).toBe(1)
    // several instances starting at once make one token between them
    const many = await Promise.all(
      [1, 2, 3, 4].map(() => new WebhookTokenSettings().load(settings()))
    )
    expect(new Set(many.map((s) => s.token))).toEqual(new Set([token]))
    expect(tokenOf((await health()).webhooks.url)).toBe(token)
    expect(await storedToken()).toEqual([token])
  })

  it("not required: requests without the token are accepted (the old URL keeps working) and counted apart; required: refused 401 before the body is read, nothing stored; with it: accepted", async () => {
    const token = tokenOf((await health()).webhooks.url)!
    const withToken = `/hooks/svc?token=${encodeURIComponent(token)}`

    // 1. not required (the default)
    expect((await hook("/hooks/svc", event("tokentest.open"))).status).toBe(200)
    expect((await hook(withToken, event("tokentest.with"))).status).toBe(200)
    expect(
      (
        await hook(
          "/hooks/svc?token=an-old-token-still-registered",
          event("tokentest.old")
        )
      ).status
    ).toBe(200)
    await waitFor(
      async () =>
        (await counted("tokentest.open")) === 1 &&
        (await counted("tokentest.with")) === 1 &&
        (await counted("tokentest.old")) === 1,
      "the accepted events handled"
    )
    let h = await health()
    expect(h.webhooks.token.requests).toEqual({
      hours: 24,
      with: 1,
      without: 1,
      wrong: 1,
    })
    expect(h.checks.find((c: any) => c.id === "webhook_token").detail).toMatch(
      /^not required yet; last 24 h: 1 with the token, 1 without, 1 with a wrong one$/
    )

    // the token is read from the database once per process, not per request
    const reads = webhookTokenSettings.reads
    for (let i = 0; i < 10; i++)
      expect((await hook(withToken, event("tokentest.many"))).status).toBe(200)
    expect(webhookTokenSettings.reads).toBe(reads)
    await waitFor(
      async () => (await counted("tokentest.many")) === 10,
      "ten events handled"
    )

    // 2. the admin requires it
    const on = await admin.client.fetch<any>("/admin/svc/webhook-token", {
      method: "POST",
      body: { required: true },
    })
    expect(on.webhook_token).toMatchObject({
      source: "generated",
      required: true,
      required_at: expect.any(String),
    })
    expect(JSON.stringify(on)).not.toContain(token)
    const refused = [
      ["/hooks/svc", event("tokentest.refused")],
      ["/hooks/svc?token=wrong", event("tokentest.refused")],
      [`/hooks/svc?token=${token.slice(0, -1)}`, event("tokentest.refused")],
      // before the body is read: not JSON, not even complete, or too large, still 401 (not 400, 413 or 415)
      ["/hooks/svc", "{ not json"],
      ["/hooks/svc", Buffer.alloc(2_000_000, 0x31)],
      ["/hooks/payment/svc-wallet_svc", event("tokentest.refused")],
    ] as const
    for (const [path, body] of refused) {
      const r = await hook(path, body)
      expect([path, r.status]).toEqual([path, 401])
      expect(r.text).not.toContain(token)
    }
    expect(
      (await hook("/hooks/svc", "type=x", "application/x-www-form-urlencoded"))
        .status
    ).toBe(401)
    // one with the token to each route after them; Medusa's hands its events on 5 s after receipt: once
    // both are handled, any refused one queued on either route would have been too
    expect((await hook(withToken, event("tokentest.after"))).status).toBe(200)
    expect(
      (
        await hook(
          `/hooks/payment/svc-wallet_svc?token=${encodeURIComponent(token)}`,
          event("tokentest.after")
        )
      ).status
    ).toBe(200)
    await waitFor(
      async () => (await counted("tokentest.after")) === 2,
      "the events with the token handled"
    )
    expect(await counted("tokentest.refused")).toBe(0) // nothing of a refused request was queued or stored
    h = await health()
    expect(h.webhooks.token).toMatchObject({
      source: "generated",
      required: true,
      requests: { hours: 24, with: 13, without: 6, wrong: 3 },
    }) // 1 + 10 + 2 with, 1 + 5 without, 1 + 2 wrong
    expect(h.webhooks.token_configured).toBe(true)
    expect(h.checks.find((c: any) => c.id === "webhook_token")).toMatchObject({
      level: "warn",
      detail: expect.stringMatching(/^required \(since .+\); .*\(refused\)$/),
    })

    // the setting is stored for every instance: a restarted process requires it too
    expect((await new WebhookTokenSettings().load(settings())).required).toBe(
      true
    )

    // 3. and can stop requiring it (svc still on the old URL)
    await admin.client.fetch<any>("/admin/svc/webhook-token", {
      method: "POST",
      body: { required: false },
    })
    expect((await hook("/hooks/svc", event("tokentest.reopened"))).status).toBe(
      200
    )
    await waitFor(
      async () => (await counted("tokentest.reopened")) === 1,
      "the event without the token handled again"
    )

    // the admin action takes JSON only, a boolean
    await expect(
      admin.client.fetch("/admin/svc/webhook-token", {
        method: "POST",
        body: { required: "yes" },
      })
    ).rejects.toMatchObject({ status: 400 })

    // the token is in no log line (Medusa's request log gets the URL redacted)
    const dir = process.env.TEST_LOG_DIR
    // (every file under it: in a whole run the directory also holds other specs' subfolders)
    const found = scanLogDir(dir, [
      { what: "the webhook token", value: token },
    ]).findings.filter((f) => f.what === "the webhook token")
    expect(found.map((f) => f.where)).toEqual([])
  })
}
