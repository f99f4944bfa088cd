/**
 * examples/new-customer through the real `pulumi` CLI: an account, its administrator and the
 * operator's membership through the Platform API, then agents, an inbox, a team and labels in the
 * new account through the account API with the stack's one token (the steps: ./support/lifecycle.ts).
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
    "customer", "customer-admin", "customer-admin-membership", "operator-membership", "agent-1", "agent-2",
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
    // The operator (user 1, whose token the stack has) administers the new account too.
    expect(roleIn("alice@acme.test")).toBe("administrator");
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
      expect((await ctx.admin("PATCH", path, { color: "#000000" })).status).toBe(200);
    },
    repair: async (ctx) => {
      const resources = await ctx.resources();
      return { line: `PATCH /api/v1/accounts/${resources.get("customer")?.id}/labels/${resources.get("label-bug")?.id}`, body: { color: "#dc2626" } };
    },
  },
  badInput: { settings: { adminEmail: "olivia" }, message: /PlatformUser resource .customer-admin.: property email value \{olivia\} has a problem/ },
  secretOutputs: [],
});
