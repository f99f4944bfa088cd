/**
 * examples/yaml-quickstart (the quickstart in Pulumi YAML) through the real `pulumi` CLI, Pulumi's
 * YAML language host and the native plugin installed from its tarball, against the sandbox: the
 * same account set up end to end, with the same life as the TypeScript quickstart's
 * (./support/lifecycle.ts).
 */
import { exampleLifecycle } from "./support/lifecycle";

jest.setTimeout(120_000);

exampleLifecycle({
  example: "yaml-quickstart",
  resources: ["plan", "enterprise-first", "help", "website-agents", "support-bot"],
  async afterUp(ctx) {
    const website = ctx.seed.inboxes.find((i) => i.id === 1);
    const after = ctx.snapshot();
    const [attribute] = after.custom_attribute_definitions;
    expect(attribute).toMatchObject({ account_id: 1, attribute_key: "plan", attribute_model: "contact_attribute" });
    const [rule] = after.automation_rules;
    // The inbox id came from the config, the attribute key from the definition's output.
    expect(rule.conditions).toEqual([
      expect.objectContaining({ attribute_key: "inbox_id", values: [website?.id] }),
      expect.objectContaining({ attribute_key: attribute.attribute_key, values: ["enterprise"] }),
    ]);
    // The inbox's name came from the getInbox invoke.
    expect(rule.description).toContain(website?.name);
    const [portal] = after.portals;
    expect(portal).toMatchObject({ slug: "help", inbox_id: website?.id });
    const bot = after.agent_bots.find((b) => !ctx.seed.agent_bots.some((s) => s.id === b.id));
    expect(bot).toMatchObject({ name: "Support bot", account_id: 1, description: `Answers first questions in ${website?.name}` });
    const members = after.inboxes.find((i) => i.id === 1)?.member_ids;
    expect(members).toEqual(expect.arrayContaining([...(website?.member_ids ?? []), 2, 3]));

    const outputs = await ctx.project.outputs();
    expect(outputs).toMatchObject({
      // An invoke's result that holds a secret (the website token) is secret as a whole in Pulumi YAML.
      websiteInbox: "[secret]",
      portalSlugInUse: "help",
      ruleId: String(rule.id),
      attributeKey: "plan",
      botId: String(bot?.id),
      widgetToken: "[secret]",
    });
    const agentNames = after.users.filter((u) => members?.includes(u.id)).map((u) => u.name).sort();
    expect((outputs.inboxAgents as { name: string }[]).map((a) => a.name).sort()).toEqual(agentNames);
  },
  edit: {
    settings: { portalSlug: "support" },
    resource: "help",
    diff: ["slug"],
    write: async () => ({ line: "PATCH /api/v1/accounts/1/portals/help", body: { portal: { slug: "support" } } }),
  },
  drift: {
    resource: "help",
    diff: ["color"],
    async make(ctx) {
      expect((await ctx.admin("PATCH", "/api/v1/accounts/1/portals/support", { portal: { color: "#000000" } })).status).toBe(200);
    },
    repair: async () => ({ line: "PATCH /api/v1/accounts/1/portals/support", body: { portal: { color: "#1f93ff" } } }),
  },
  badInput: { settings: { portalSlug: "Help Center!" }, message: /slug.*must not contain/s },
  secretOutputs: ["widgetToken"],
  async afterDestroy(ctx) {
    const after = ctx.snapshot();
    expect(after.portals).toEqual([]);
    expect(after.automation_rules).toEqual([]);
    expect(after.custom_attribute_definitions).toEqual([]);
    expect(after.agent_bots.map((b) => b.id)).toEqual(ctx.seed.agent_bots.map((b) => b.id));
    // The membership manages the listed users (2 and 3): both leave the inbox, user 4 stays.
    const seedMembers = ctx.seed.inboxes.find((i) => i.id === 1)?.member_ids ?? [];
    expect(after.inboxes.find((i) => i.id === 1)?.member_ids).toEqual(seedMembers.filter((id) => id !== 2 && id !== 3));
  },
});
