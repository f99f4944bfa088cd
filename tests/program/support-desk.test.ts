/**
 * examples/support-desk through the real `pulumi` CLI: teams whose members are found by e-mail,
 * labels, a webhook, canned responses, a macro and a routing rule, linked by references
 * (`team.id`, `label.title`) rather than literal ids (the steps: ./support/lifecycle.ts).
 */
import { example } from "../demo/examples";
import { exampleLifecycle, type StackContext } from "./support/lifecycle";

jest.setTimeout(120_000);

const settings = example("support-desk").settings;
const MOVED = "https://crm.acme.test/v2/chatwoot/events";
const emails = (key: "billingAgents" | "technicalAgents") => JSON.parse(settings[key]) as string[];
const sorted = <T>(values: readonly T[]) => [...values].sort();

/** The signing secret of each webhook of account 1, as its administrator reads it through the API. */
async function webhookSecrets(ctx: StackContext): Promise<string[]> {
  const body = (await (await ctx.admin("GET", "/api/v1/accounts/1/webhooks")).json()) as { payload: { webhooks: { secret: string }[] } };
  return body.payload.webhooks.map((w) => w.secret);
}

exampleLifecycle({
  example: "support-desk",
  resources: [
    "billing-team", "technical-team", "billing-agents", "technical-agents", "billing", "bug", "auto-routed",
    "crm", "refund-status", "thanks", "escalate-to-technical", "route-billing",
  ],
  async afterUp(ctx) {
    const after = ctx.snapshot();
    const userIdsOf = (addresses: string[]) => addresses.map((email) => after.users.find((u) => u.email === email)?.id);
    // Team names are stored in lower case; members are the users found by e-mail.
    const billing = after.teams.find((t) => t.name === "billing");
    const technical = after.teams.find((t) => t.name === "technical");
    expect(after.teams).toHaveLength(2);
    expect(sorted(billing?.member_ids ?? [])).toEqual(sorted(userIdsOf(emails("billingAgents"))));
    expect(sorted(technical?.member_ids ?? [])).toEqual(sorted(userIdsOf(emails("technicalAgents"))));
    expect(technical?.allow_auto_assign).toBe(false);
    // "Auto-Routed" was declared in mixed case: Chatwoot's lower-case title is what the rule refers to.
    expect(sorted(after.labels.map((l) => l.title))).toEqual(["auto-routed", "billing", "bug"]);
    const [rule] = after.automation_rules;
    expect(rule.actions).toEqual([
      { action_name: "assign_team", action_params: [billing?.id] },
      { action_name: "add_label", action_params: ["billing", "auto-routed"] },
    ]);
    const [macro] = after.macros;
    expect(macro).toMatchObject({ name: "Escalate to technical", visibility: "global" });
    expect(macro.actions).toEqual([
      { action_name: "assign_team", action_params: [technical?.id] },
      { action_name: "add_label", action_params: ["bug"] },
      expect.objectContaining({ action_name: "send_message" }),
    ]);
    expect(after.webhooks).toEqual([expect.objectContaining({ url: settings.crmWebhookUrl, name: "CRM sync" })]);
    expect(sorted(after.canned_responses.map((c) => c.short_code))).toEqual(["refund-status", "thanks"]);

    const nameOf = (id: number) => after.users.find((u) => u.id === id)?.name;
    const outputs = await ctx.project.outputs();
    expect(outputs).toEqual({
      teamIds: { billing: billing?.id, technical: technical?.id },
      billingTeam: expect.any(Array),
      technicalTeam: expect.any(Array),
      labels: ["billing", "bug", "auto-routed"],
      cannedResponses: ["refund-status", "thanks"],
      macroId: String(macro.id),
      ruleId: String(rule.id),
      webhookUrl: settings.crmWebhookUrl,
      webhookSigningKey: "[secret]",
    });
    expect(sorted(outputs.billingTeam as string[])).toEqual(sorted((billing?.member_ids ?? []).map(nameOf)));
    expect(sorted(outputs.technicalTeam as string[])).toEqual(sorted((technical?.member_ids ?? []).map(nameOf)));
  },
  edit: {
    settings: { crmWebhookUrl: MOVED },
    resource: "crm",
    diff: ["url"],
    write: async (ctx) => ({ line: `PATCH /api/v1/accounts/1/webhooks/${(await ctx.resources()).get("crm")?.id}`, body: { url: MOVED } }),
  },
  drift: {
    resource: "billing",
    diff: ["color"],
    async make(ctx) {
      const id = (await ctx.resources()).get("billing")?.id;
      expect((await ctx.admin("PATCH", `/api/v1/accounts/1/labels/${id}`, { color: "#000000" })).status).toBe(200);
    },
    repair: async (ctx) => ({ line: `PATCH /api/v1/accounts/1/labels/${(await ctx.resources()).get("billing")?.id}`, body: { color: "#0f766e" } }),
  },
  badInput: { settings: { crmWebhookUrl: "crm.acme.test/events" }, message: /Webhook resource .crm.: property url value \{crm\.acme\.test\/events\} has a problem/ },
  secretOutputs: ["webhookSigningKey"],
  serverSecrets: webhookSecrets,
  async afterDestroy(ctx) {
    const after = ctx.snapshot();
    for (const table of ["teams", "labels", "webhooks", "canned_responses", "macros", "automation_rules"] as const) expect([table, after[table]]).toEqual([table, []]);
    expect(after.users).toEqual(ctx.seed.users);
    // References go before what they refer to: memberships, the rule and the macro before the teams.
    const deletes = ctx.writeLines().filter((line) => line.startsWith("DELETE"));
    const teamDeletes = deletes.map((line, i) => [line, i] as const).filter(([line]) => /\/teams\/\d+$/.test(line)).map(([, i]) => i);
    expect(teamDeletes).toHaveLength(2);
    const firstTeam = Math.min(...teamDeletes);
    for (const pattern of [/\/team_members$/, /\/automation_rules\/\d+$/, /\/macros\/\d+$/]) {
      const at = deletes.findIndex((line) => pattern.test(line));
      expect([String(pattern), at > -1 && at < firstTeam]).toEqual([String(pattern), true]);
    }
  },
});
