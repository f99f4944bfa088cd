/**
 * examples/support-desk end to end through the offline runner against the sandbox: teams whose
 * members are found by e-mail, labels, a webhook, canned responses, a macro and a routing rule,
 * linked by references (`team.id`, `label.title`) rather than literal ids.
 */
import { isSealed } from "../harness/state-secrets";
import { opsOf, useExampleStack } from "./support/example-stack";

const stack = useExampleStack("support-desk");
const settings = stack.spec.settings;
const RESOURCES = [
  "billing-team", "technical-team", "billing-agents", "technical-agents", "billing", "bug", "auto-routed",
  "crm", "refund-status", "thanks", "escalate-to-technical", "route-billing",
];
const every = (op: string) => Object.fromEntries(RESOURCES.map((name) => [name, op]));

const emails = (key: "billingAgents" | "technicalAgents") => JSON.parse(settings[key]) as string[];
/** The user ids the sandbox has for these e-mail addresses. */
const userIdsOf = (addresses: string[]) =>
  addresses.map((email) => {
    const user = stack.snapshot().users.find((u) => u.email === email);
    if (!user) throw new Error(`the seed has no user ${email}`);
    return user.id;
  });
const teamNamed = (name: string) => stack.snapshot().teams.find((t) => t.name === name);
const sorted = <T>(values: readonly T[]) => [...values].sort();

/** The signing secret of each webhook of account 1, as its administrator reads it through the API. */
async function webhookSecrets(): Promise<string[]> {
  const { url, info } = stack.sandbox;
  const answer = await fetch(`${url}/api/v1/accounts/1/webhooks`, { headers: { api_access_token: info.accounts[0].adminToken } });
  const body = (await answer.json()) as { payload: { webhooks: { secret: string }[] } };
  return body.payload.webhooks.map((w) => w.secret);
}

test("the first run creates everything, linked by the created objects' ids and titles", async () => {
  const summary = await stack.up();
  expect(opsOf(summary)).toEqual(every("create"));
  const after = stack.snapshot();

  // Team names are stored in lower case; members are the users found by e-mail.
  const billing = teamNamed("billing");
  const technical = teamNamed("technical");
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

  const [webhook] = after.webhooks;
  expect(webhook).toMatchObject({ url: settings.crmWebhookUrl, name: "CRM sync" });
  expect(sorted(after.canned_responses.map((c) => c.short_code))).toEqual(["refund-status", "thanks"]);

  const nameOf = (id: number) => after.users.find((u) => u.id === id)?.name;
  expect(summary.outputs).toEqual({
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
  expect(sorted(summary.outputs.billingTeam as string[])).toEqual(sorted((billing?.member_ids ?? []).map(nameOf)));
  expect(sorted(summary.outputs.technicalTeam as string[])).toEqual(sorted((technical?.member_ids ?? []).map(nameOf)));
});

test("a second run changes nothing and sends no write", async () => {
  const first = await stack.up();
  stack.sandbox.control.clearLog();
  const second = await stack.up();
  expect(opsOf(second)).toEqual(every("same"));
  expect(second.hostCalls).toMatchObject({ create: 0, update: 0, delete: 0, diff: RESOURCES.length });
  expect(stack.writes()).toEqual([]);
  // Only the agent lookups by e-mail read the server; every resource was diffed against its stored outputs.
  expect(new Set(stack.sandbox.control.log().map((e) => `${e.method} ${e.path}`))).toEqual(new Set(["GET /api/v1/accounts/1/agents"]));
  expect(second.outputs).toEqual(first.outputs);
});

test("a changed input updates only that resource, with one PATCH", async () => {
  await stack.up();
  const webhookId = stack.record("crm").id;
  const moved = "https://crm.acme.test/v2/chatwoot/events";
  expect(moved).not.toBe(settings.crmWebhookUrl);
  stack.sandbox.control.clearLog();
  const summary = await stack.up({ crmWebhookUrl: moved });
  expect(opsOf(summary)).toEqual({ ...every("same"), crm: "update" });
  expect(summary.resources.find((r) => r.name === "crm")).toMatchObject({ id: webhookId, changedKeys: ["url"] });
  expect(stack.writeLines()).toEqual([`PATCH /api/v1/accounts/1/webhooks/${webhookId}`]);
  expect(stack.snapshot().webhooks.map((w) => [String(w.id), w.url])).toEqual([[webhookId, moved]]);
  expect(summary.outputs.webhookUrl).toBe(moved);
});

test("destroy removes everything the example created, references before what they refer to", async () => {
  const seed = stack.snapshot();
  await stack.up();
  const teamIds = ["billing-team", "technical-team"].map((name) => stack.record(name).id);
  const ruleId = stack.record("route-billing").id;
  const macroId = stack.record("escalate-to-technical").id;
  stack.sandbox.control.clearLog();
  const summary = await stack.destroy();
  expect(opsOf(summary)).toEqual(every("delete"));
  const after = stack.snapshot();
  for (const table of ["teams", "labels", "webhooks", "canned_responses", "macros", "automation_rules"] as const) expect(after[table]).toEqual([]);
  expect(after.users).toEqual(seed.users);

  const deletes = stack.writeLines().filter((line) => line.startsWith("DELETE"));
  const at = (path: string) => deletes.indexOf(`DELETE /api/v1/accounts/1/${path}`);
  for (const id of teamIds) {
    expect(at(`teams/${id}`)).toBeGreaterThan(-1);
    // The membership leaves the team before the team goes, and the rule and macro that name it before that.
    expect(at(`teams/${id}/team_members`)).toBeGreaterThan(-1);
    expect(at(`teams/${id}/team_members`)).toBeLessThan(at(`teams/${id}`));
  }
  expect(at(`automation_rules/${ruleId}`)).toBeGreaterThan(-1);
  expect(at(`automation_rules/${ruleId}`)).toBeLessThan(at(`teams/${teamIds[0]}`));
  expect(at(`macros/${macroId}`)).toBeGreaterThan(-1);
  expect(at(`macros/${macroId}`)).toBeLessThan(at(`teams/${teamIds[1]}`));
});

test("the state holds no token or webhook secret in plaintext; the signing key is a secret output", async () => {
  await stack.up();
  await stack.up({ crmWebhookUrl: "https://crm.acme.test/v2/chatwoot/events" });
  const signing = await webhookSecrets();
  expect(signing).toHaveLength(1);
  expect(signing[0]).toEqual(expect.any(String));
  expect(signing[0].length).toBeGreaterThan(8);

  const text = stack.stateText();
  for (const secret of [...stack.sandbox.control.secrets(), ...signing]) expect(text).not.toContain(secret);
  const state = JSON.parse(text) as { outputs: Record<string, unknown> };
  expect(isSealed(state.outputs.webhookSigningKey)).toBe(true);
  expect(isSealed(stack.record("crm").outputs.secret)).toBe(true);
});
