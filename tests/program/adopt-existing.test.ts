/**
 * examples/adopt-existing through the real `pulumi` CLI against a sandbox seeded with objects "made
 * by hand": adoption sends PATCHes only, and destroy leaves every adopted object in place, saying
 * so (the steps: ./support/lifecycle.ts).
 */
import { HAND_MADE_FIXTURE } from "../demo/examples";
import { exampleLifecycle } from "./support/lifecycle";

jest.setTimeout(120_000);

const RESOURCES = ["escalations", "docs", "tier", "triage"];
const handMade = {
  portal: HAND_MADE_FIXTURE.portals?.[0],
  attribute: HAND_MADE_FIXTURE.custom_attribute_definitions?.[0],
  rule: HAND_MADE_FIXTURE.automation_rules?.[0],
  bot: HAND_MADE_FIXTURE.agent_bots?.find((b) => b.name === "Triage bot"),
};

exampleLifecycle({
  example: "adopt-existing",
  resources: RESOURCES,
  async afterUp(ctx) {
    expect(await ctx.project.outputs()).toMatchObject({
      adoptedBotId: String(handMade.bot?.id),
      adoptedPortalId: String(handMade.portal?.id),
      adoptedAttributeId: String(handMade.attribute?.id),
      adoptedRuleId: String(handMade.rule?.id),
      ruleConditionCount: handMade.rule?.conditions.length,
    });
    // Adoption only changes what differs: one PATCH per object, nothing created.
    expect(ctx.writes().map((w) => w.method)).toEqual(RESOURCES.map(() => "PATCH"));
    const resources = await ctx.resources();
    for (const name of RESOURCES) expect([name, resources.get(name)?.outputs.adopted]).toEqual([name, true]);

    const after = ctx.snapshot();
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
  },
  edit: {
    settings: { botWebhookUrl: "https://bots.example.com/triage-v2" },
    resource: "triage",
    diff: ["outgoingUrl"],
    write: async () => ({ line: `PATCH /platform/api/v1/agent_bots/${handMade.bot?.id}`, body: { outgoing_url: "https://bots.example.com/triage-v2" } }),
  },
  drift: {
    resource: "tier",
    diff: ["attributeDisplayName"],
    async make(ctx) {
      const answer = await ctx.admin("PATCH", `/api/v1/accounts/1/custom_attribute_definitions/${handMade.attribute?.id}`, { attribute_display_name: "Tier (old)" });
      expect(answer.status).toBe(200);
    },
    repair: async () => ({
      line: `PATCH /api/v1/accounts/1/custom_attribute_definitions/${handMade.attribute?.id}`,
      body: { attribute_display_name: "Customer tier" },
    }),
  },
  badInput: { settings: { botWebhookUrl: "ftp://bots.example.com/triage" }, message: /AgentBot resource .triage.: property outgoingUrl value \{ftp:\/\/bots\.example\.com\/triage\} has a problem: .*http/ },
  secretOutputs: [],
  async afterDestroy(ctx, destroy) {
    // Adopted objects are only forgotten, and destroy says so for each; the bot is retainOnDelete
    // too, so its delete never reaches the provider (Pulumi says it retained it).
    expect(ctx.writes()).toEqual([]);
    expect(destroy.stdout).toMatch(/retain/i);
    for (const what of [`portal ${handMade.portal?.id}`, `custom attribute definition ${handMade.attribute?.id}`, `automation rule ${handMade.rule?.id}`]) {
      expect(destroy.stdout).toContain(`${what} left in place: it was adopted (it existed before this stack)`);
    }
    expect(destroy.stdout).not.toContain(`agent bot ${handMade.bot?.id} left in place`);
    const after = ctx.snapshot();
    expect(after.portals.map((p) => p.id)).toEqual([handMade.portal?.id]);
    expect(after.custom_attribute_definitions.map((d) => d.id)).toEqual([handMade.attribute?.id]);
    expect(after.automation_rules.map((r) => r.id)).toEqual([handMade.rule?.id]);
    expect(after.agent_bots.map((b) => b.id)).toEqual(ctx.seed.agent_bots.map((b) => b.id));
  },
});
