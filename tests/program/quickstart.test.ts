/**
 * examples/quickstart end to end through the offline runner (Pulumi's dynamic-provider host, the
 * package loaded by name as in a user's project) against the sandbox.
 */
import { isSealed } from "../harness/state-secrets";
import { REPO_ROOT } from "../demo/examples";
import { opsOf, useExampleStack } from "./support/example-stack";

const stack = useExampleStack("quickstart");
const RESOURCES = ["plan", "enterprise-first", "help", "website-agents", "support-bot"];

test("the first run sets the account up from the inbox data source's id and name", async () => {
  const seed = stack.snapshot();
  const website = seed.inboxes.find((i) => i.id === 1);
  const summary = await stack.up();
  expect(opsOf(summary)).toEqual(Object.fromEntries(RESOURCES.map((name) => [name, "create"])));

  const after = stack.snapshot();
  const [attribute] = after.custom_attribute_definitions;
  expect(attribute).toMatchObject({ account_id: 1, attribute_key: "plan", attribute_model: "contact_attribute" });
  const [rule] = after.automation_rules;
  // The inbox id came from getInboxOutput, the attribute key from the definition's output.
  expect(rule.conditions).toEqual([
    expect.objectContaining({ attribute_key: "inbox_id", values: [website?.id] }),
    expect.objectContaining({ attribute_key: attribute.attribute_key, values: ["enterprise"] }),
  ]);
  expect(rule.description).toContain(website?.name);
  const [portal] = after.portals;
  expect(portal).toMatchObject({ slug: "help", inbox_id: website?.id });
  const bot = after.agent_bots.find((b) => !seed.agent_bots.some((s) => s.id === b.id));
  expect(bot).toMatchObject({ name: "Support bot", account_id: 1, description: `Answers first questions in ${website?.name}` });
  const members = after.inboxes.find((i) => i.id === 1)?.member_ids;
  expect(members).toEqual(expect.arrayContaining([...(website?.member_ids ?? []), 2, 3]));

  const agentNames = after.users.filter((u) => members?.includes(u.id)).map((u) => u.name);
  expect(summary.outputs).toEqual({
    websiteInbox: website?.name,
    portalSlugInUse: "help",
    ruleId: String(rule.id),
    attributeKey: "plan",
    inboxAgents: expect.arrayContaining(agentNames),
    botId: String(bot?.id),
    botsOfThisApp: ["Triage bot", "Support bot"],
    widgetToken: "[secret]",
  });
  expect((summary.outputs.inboxAgents as string[]).length).toBe(agentNames.length);
});

test("a second run changes nothing and sends no write", async () => {
  const first = await stack.up();
  stack.sandbox.control.clearLog();
  const second = await stack.up();
  expect(opsOf(second)).toEqual(Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
  expect(second.hostCalls).toMatchObject({ create: 0, update: 0, delete: 0, diff: RESOURCES.length });
  expect(stack.writes()).toEqual([]);
  // Only the two data sources read; every resource was diffed against its stored outputs.
  expect(stack.sandbox.control.log().map((e) => `${e.method} ${e.path}`).sort()).toEqual(["GET /api/v1/accounts/1/inboxes/1", "GET /platform/api/v1/agent_bots"]);
  expect(second.outputs).toEqual(first.outputs);
});

test("a changed input updates only that resource, with one PATCH", async () => {
  await stack.up();
  const portalId = stack.record("help").id;
  stack.sandbox.control.clearLog();
  const summary = await stack.up({ portalSlug: "support" });
  expect(opsOf(summary)).toEqual({ ...Object.fromEntries(RESOURCES.map((name) => [name, "same"])), help: "update" });
  expect(summary.resources.find((r) => r.name === "help")).toMatchObject({ id: portalId, changedKeys: ["slug"] });
  expect(stack.writeLines()).toEqual(["PATCH /api/v1/accounts/1/portals/help"]);
  expect(stack.snapshot().portals.map((p) => [String(p.id), p.slug])).toEqual([[portalId, "support"]]);
  expect(summary.outputs.portalSlugInUse).toBe("support");
});

test("destroy removes what the example created and leaves the seed", async () => {
  const seed = stack.snapshot();
  await stack.up();
  stack.sandbox.control.clearLog();
  const summary = await stack.destroy();
  expect(opsOf(summary)).toEqual(Object.fromEntries(RESOURCES.map((name) => [name, "delete"])));
  const after = stack.snapshot();
  expect(after.portals).toEqual([]);
  expect(after.automation_rules).toEqual([]);
  expect(after.custom_attribute_definitions).toEqual([]);
  expect(after.agent_bots.map((b) => b.id)).toEqual(seed.agent_bots.map((b) => b.id));
  // The membership manages the listed users (2 and 3): both leave the inbox, user 4 stays.
  const seedMembers = seed.inboxes.find((i) => i.id === 1)?.member_ids ?? [];
  expect(after.inboxes.find((i) => i.id === 1)?.member_ids).toEqual(seedMembers.filter((id) => id !== 2 && id !== 3));
  // The rule refers to the attribute, so it goes first.
  const deletes = stack.writeLines().filter((l) => l.startsWith("DELETE"));
  expect(deletes.findIndex((l) => l.includes("/automation_rules/"))).toBeLessThan(deletes.findIndex((l) => l.includes("/custom_attribute_definitions/")));
});

test("the state holds no token in plaintext, the secret output stays secret, and providers are stored by package name", async () => {
  await stack.up();
  await stack.up({ portalSlug: "support" });
  const text = stack.stateText();
  const secrets = stack.sandbox.control.secrets();
  expect(secrets.length).toBeGreaterThan(4);
  for (const secret of secrets) expect(text).not.toContain(secret);

  const state = JSON.parse(text) as { outputs: Record<string, unknown> };
  expect(isSealed(state.outputs.widgetToken)).toBe(true);
  const provider = stack.record("help").inputs.__provider as string;
  expect(provider).toContain('require("pulumi-chatwoot/dist/sdk/shims/portal.js")');
  expect(Buffer.byteLength(provider)).toBeLessThanOrEqual(2048);
  expect(text).not.toContain(REPO_ROOT);
});
