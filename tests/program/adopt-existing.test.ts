/**
 * examples/adopt-existing against a sandbox seeded with objects "made by hand": adoption sends
 * PATCHes only, and destroy leaves every retained object in place.
 */
import { HAND_MADE_FIXTURE, sandboxStackConfig } from "../demo/examples";
import { OfflineEngine } from "../demo/offline-engine";
import { formatResourceTable } from "../demo/resource-table";
import { formatSummary } from "../harness/offline-runner";
import { opsOf, useExampleStack } from "./support/example-stack";

const stack = useExampleStack("adopt-existing");
const RESOURCES = ["escalations", "docs", "tier", "triage"];
const handMade = {
  portal: HAND_MADE_FIXTURE.portals?.[0],
  attribute: HAND_MADE_FIXTURE.custom_attribute_definitions?.[0],
  rule: HAND_MADE_FIXTURE.automation_rules?.[0],
  bot: HAND_MADE_FIXTURE.agent_bots?.find((b) => b.name === "Triage bot"),
};

test("the first run takes the hand-made objects over with PATCHes and creates nothing", async () => {
  const summary = await stack.up();
  expect(opsOf(summary)).toEqual(Object.fromEntries(RESOURCES.map((name) => [name, "adopt"])));
  expect(formatSummary(summary)).toContain(`Resources: ${RESOURCES.length} adopted`);
  expect(summary.outputs).toMatchObject({
    adoptedBotId: String(handMade.bot?.id),
    adoptedPortalId: String(handMade.portal?.id),
    adoptedAttributeId: String(handMade.attribute?.id),
    adoptedRuleId: String(handMade.rule?.id),
    ruleConditionCount: handMade.rule?.conditions.length,
  });
  expect(stack.writes().every((w) => w.method === "PATCH")).toBe(true);
  expect(stack.writes()).toHaveLength(RESOURCES.length);

  const after = stack.snapshot();
  expect(after.portals).toEqual([expect.objectContaining({ id: handMade.portal?.id, slug: "docs", name: "Documentation", color: "#0f766e" })]);
  expect(after.custom_attribute_definitions).toEqual([
    expect.objectContaining({ id: handMade.attribute?.id, attribute_display_name: "Customer tier", attribute_values: ["bronze", "silver", "gold"] }),
  ]);
  // Conditions and actions are not declared: they stay as they were made.
  expect(after.automation_rules).toEqual([
    expect.objectContaining({ id: handMade.rule?.id, name: "Escalate angry customers", active: true, conditions: handMade.rule?.conditions, actions: handMade.rule?.actions }),
  ]);
  expect(after.agent_bots.find((b) => b.id === handMade.bot?.id)).toMatchObject({ name: "Triage bot", description: "Routes new conversations (managed with Pulumi)" });
  expect(after.agent_bots).toHaveLength(HAND_MADE_FIXTURE.agent_bots?.length ?? 0);
});

test("the demo counts and lists the hand-made objects as adopted", async () => {
  const engine = new OfflineEngine(stack.spec, sandboxStackConfig(stack.sandbox.info, stack.spec));
  try {
    expect(await engine.up()).toEqual({ counts: { adopted: RESOURCES.length }, changed: true });
    const rows = formatResourceTable(await engine.resources()).split("\n").slice(1);
    expect(rows).toHaveLength(RESOURCES.length);
    for (const row of rows) expect(row).toMatch(/ \(adopted\)$/);
  } finally {
    await engine.dispose();
  }
});

test("a second run changes nothing and sends no write", async () => {
  await stack.up();
  stack.sandbox.control.clearLog();
  const second = await stack.up();
  expect(opsOf(second)).toEqual(Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
  expect(stack.writes()).toEqual([]);
});

test("a changed input updates only that resource, with one PATCH", async () => {
  await stack.up();
  stack.sandbox.control.clearLog();
  const summary = await stack.up({ botWebhookUrl: "https://bots.example.com/triage-v2" });
  expect(opsOf(summary)).toEqual({ ...Object.fromEntries(RESOURCES.map((name) => [name, "same"])), triage: "update" });
  expect(summary.resources.find((r) => r.name === "triage")?.changedKeys).toEqual(["outgoingUrl"]);
  expect(stack.writeLines()).toEqual([`PATCH /platform/api/v1/agent_bots/${handMade.bot?.id}`]);
});

test("destroy forgets the retained objects and deletes none of them", async () => {
  await stack.up();
  const adopted = stack.snapshot();
  stack.sandbox.control.clearLog();
  const summary = await stack.destroy();
  expect(summary.resources.map((r) => [r.name, r.op, r.detail])).toEqual(
    expect.arrayContaining(RESOURCES.map((name) => [name, "delete", "retained: removed from state only"])),
  );
  expect(stack.writes()).toEqual([]);
  expect(stack.snapshot()).toEqual(adopted);
  expect(JSON.parse(stack.stateText()).resources).toEqual([]);
});

test("the state holds no token in plaintext", async () => {
  await stack.up();
  const text = stack.stateText();
  for (const secret of stack.sandbox.control.secrets()) expect(text).not.toContain(secret);
});
