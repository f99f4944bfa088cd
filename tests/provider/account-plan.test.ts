/**
 * What an account's plan and status refuse, as the user sees it: an agent or inbox past the limits a
 * Platform App set (402) and any call into a suspended account (401) fail with the server's words
 * and advice, write nothing, and are not retried.
 */
import { resources } from "../../provider";
import { create } from "./support/engine";
import { useSandbox } from "./support/sandbox";

describe("an account's plan and status", () => {
  const ctx = useSandbox();
  const account = () => `/platform/api/v1/accounts/${ctx.account.id}`;
  /** The provider's own writes to the account (the out-of-band Platform calls set the scene). */
  const accountWrites = () => ctx.writes().filter((w) => w.path.startsWith("/api/v1/"));
  const members = async () => ((await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/agents`)).body as unknown[]).length;

  it("an agent past the account's agents limit fails with 402, the plan hint, one attempt and nothing created", async () => {
    await ctx.platform("PATCH", account(), { limits: { agents: await members() } });
    const attempt = create(resources.Agent, { email: "frank@acme.test", name: "Frank Example", role: "agent" });
    await expect(attempt).rejects.toThrow(
      /POST \/api\/v1\/accounts\/1\/agents: 402 Account limit exceeded\. Please purchase more licenses; the account's plan limit is reached \(Enterprise: the limits a Platform App sets, PlatformAccount's `limits`/,
    );
    expect(accountWrites()).toHaveLength(1);
    expect(ctx.sb.control.snapshot().users.some((u) => u.email === "frank@acme.test")).toBe(false);
  });

  it("an inbox past the account's inboxes limit fails with 402 and nothing created", async () => {
    const inboxes = ctx.sb.control.snapshot().inboxes.filter((i) => i.account_id === ctx.account.id).length;
    await ctx.platform("PATCH", account(), { limits: { inboxes } });
    await expect(create(resources.Inbox, { name: "Orders API", channel: { type: "api" } })).rejects.toThrow(/: 402 Account limit exceeded\. Upgrade to a higher plan; the account's plan limit is reached/);
    expect(ctx.sb.control.snapshot().inboxes.filter((i) => i.account_id === ctx.account.id)).toHaveLength(inboxes);
  });

  it("any call into a suspended account fails saying so, before a write", async () => {
    await ctx.platform("PATCH", account(), { status: "suspended" });
    await expect(create(resources.Label, { title: "vip" })).rejects.toThrow(/: 401 Account is suspended; the account is suspended/);
    expect(accountWrites()).toEqual([]);
  });
});
