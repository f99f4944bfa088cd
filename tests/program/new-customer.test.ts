/**
 * examples/new-customer through the real `pulumi` CLI: an account, its administrator and their
 * membership through the Platform API (dynamic resources, the stack's Platform App token), then
 * agents, an inbox, a team and labels in the new account through a provider of its own on the
 * plugin, which connects with the new administrator's token, a secret output (the steps:
 * ./support/lifecycle.ts).
 */
import { example } from "../demo/examples";
import { exampleLifecycle } from "./support/lifecycle";

jest.setTimeout(120_000);

const settings = example("new-customer").settings;
const agentEmails = (JSON.parse(settings.agents) as { email: string }[]).map((a) => a.email);
const sorted = <T>(values: readonly T[]) => [...values].sort();

exampleLifecycle({
  example: "new-customer",
  resources: [
    "customer", "customer-admin", "customer-admin-membership", "agent-1", "agent-2",
    "support-inbox", "support-inbox-agents", "support-team", "support-team-agents", "label-billing", "label-bug",
  ],
  async afterUp(ctx) {
    const after = ctx.snapshot();
    const account = after.accounts.find((a) => a.name === settings.customerName);
    expect(account).toMatchObject({ locale: "en", limits: { agents: 10, inboxes: 5 }, features: expect.arrayContaining(["help_center"]) });
    const id = account!.id;
    const roleIn = (email: string) => after.users.find((u) => u.email === email)?.memberships.find((m) => m.account_id === id)?.role;
    const admin = after.users.find((u) => u.email === settings.adminEmail);
    expect(admin).toMatchObject({ name: settings.adminName, confirmed: true });
    expect(roleIn(settings.adminEmail)).toBe("administrator");
    // No one else was made a member (not the user of the stack's own token, Alice): the account's
    // objects were made with the administrator's token.
    expect(after.users.filter((u) => u.memberships.some((m) => m.account_id === id)).map((u) => u.email).sort()).toEqual([settings.adminEmail, ...agentEmails].sort());
    for (const email of agentEmails) expect(roleIn(email)).toBe("agent");
    const agentIds = agentEmails.map((email) => after.users.find((u) => u.email === email)?.id);
    const [inbox] = after.inboxes.filter((i) => i.account_id === id);
    expect(inbox).toMatchObject({ name: `${settings.customerName} Support`, channel_type: "Channel::Api" });
    expect(sorted(inbox.member_ids)).toEqual(sorted(agentIds));
    const [team] = after.teams.filter((t) => t.account_id === id);
    expect(sorted(team.member_ids)).toEqual(sorted(agentIds));
    expect(sorted(after.labels.filter((l) => l.account_id === id).map((l) => l.title))).toEqual(["billing", "bug"]);
    // The new administrator signs in to the account API with their own token.
    const token = ctx.sandbox.control.userToken(admin!.id)!;
    expect((await fetch(`${ctx.sandbox.url}/api/v1/accounts/${id}/agents`, { headers: { api_access_token: token } })).status).toBe(200);
    expect(await ctx.project.outputs()).toEqual({
      customerAccountId: String(id),
      adminUserId: String(admin!.id),
      agentUserIds: agentIds.map(String),
      inboxId: String(inbox.id),
      teamId: String(team.id),
    });
  },
  edit: {
    settings: { locale: "de" },
    resource: "customer",
    diff: ["locale"],
    write: async (ctx) => ({ line: `PATCH /platform/api/v1/accounts/${(await ctx.resources()).get("customer")?.id}`, body: { locale: "de" } }),
  },
  drift: {
    resource: "label-bug",
    diff: ["color"],
    async make(ctx) {
      const resources = await ctx.resources();
      const path = `/api/v1/accounts/${resources.get("customer")?.id}/labels/${resources.get("label-bug")?.id}`;
      // As the new account's administrator, its only one.
      const admin = ctx.snapshot().users.find((u) => u.email === settings.adminEmail)!;
      const changed = await fetch(`${ctx.sandbox.url}${path}`, {
        method: "PATCH",
        headers: { api_access_token: ctx.sandbox.control.userToken(admin.id)!, "content-type": "application/json" },
        body: JSON.stringify({ color: "#000000" }),
      });
      expect(changed.status).toBe(200);
    },
    repair: async (ctx) => {
      const resources = await ctx.resources();
      return { line: `PATCH /api/v1/accounts/${resources.get("customer")?.id}/labels/${resources.get("label-bug")?.id}`, body: { color: "#dc2626" } };
    },
  },
  badInput: { settings: { adminEmail: "olivia" }, message: /PlatformUser resource .customer-admin.: property email value \{olivia\} has a problem/ },
  secretOutputs: [],
});
