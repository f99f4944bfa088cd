/**
 * The quickstart's life, which examples/quickstart (TypeScript, dynamic resources) and
 * examples/yaml-quickstart (Pulumi YAML, the native plugin) share: the same account set up end to
 * end, the same edit, drift, bad input and destroy. Only the stack outputs differ between the two
 * programs, so each test file gives its own check of them.
 */
import type { ExampleName } from "../../demo/examples";
import type { LifecycleSpec, StackContext } from "./lifecycle";

/** What the outputs check is given: the seed's website inbox, what the up made, and the inbox's members' names. */
export interface QuickstartOutcome {
  website: StackContext["seed"]["inboxes"][number] | undefined;
  rule: { id: number };
  bot: { id: number } | undefined;
  agentNames: string[];
}

/**
 * For the programs on the native plugin: a label made in the dashboard (by account 1's
 * administrator) that `pulumi import` takes into the stack, which then holds what the server does.
 */
export const importedLabel: NonNullable<LifecycleSpec["importExisting"]> = {
  type: "chatwoot:index:Label",
  name: "vip",
  async make(ctx) {
    const made = await ctx.admin("POST", "/api/v1/accounts/1/labels", { title: "vip", color: "#7c3aed", description: "Made in the dashboard" });
    expect(made.status).toBe(200);
    return String(((await made.json()) as { id: number }).id);
  },
  check(outputs) {
    expect(outputs).toMatchObject({ title: "vip", color: "#7c3aed", description: "Made in the dashboard", accountId: 1 });
  },
};

export function quickstartLifecycle(example: ExampleName, checkOutputs: (outputs: Record<string, unknown>, outcome: QuickstartOutcome) => void): LifecycleSpec {
  return {
    example,
    resources: ["plan", "enterprise-first", "help", "website-agents", "support-bot"],
    async afterUp(ctx) {
      const website = ctx.seed.inboxes.find((i) => i.id === 1);
      const after = ctx.snapshot();
      const [attribute] = after.custom_attribute_definitions;
      expect(attribute).toMatchObject({ account_id: 1, attribute_key: "plan", attribute_model: "contact_attribute" });
      const [rule] = after.automation_rules;
      // The inbox id and name came from the program's settings and getInbox, the attribute key from the definition's output.
      expect(rule.conditions).toEqual([
        expect.objectContaining({ attribute_key: "inbox_id", values: [website?.id] }),
        expect.objectContaining({ attribute_key: attribute.attribute_key, values: ["enterprise"] }),
      ]);
      expect(rule.description).toContain(website?.name);
      const [portal] = after.portals;
      expect(portal).toMatchObject({ slug: "help", inbox_id: website?.id });
      const bot = after.agent_bots.find((b) => !ctx.seed.agent_bots.some((s) => s.id === b.id));
      expect(bot).toMatchObject({ name: "Support bot", account_id: 1, description: `Answers first questions in ${website?.name}` });
      const members = after.inboxes.find((i) => i.id === 1)?.member_ids;
      expect(members).toEqual(expect.arrayContaining([...(website?.member_ids ?? []), 2, 3]));
      const agentNames = after.users.filter((u) => members?.includes(u.id)).map((u) => u.name);
      checkOutputs(await ctx.project.outputs(), { website, rule, bot, agentNames });
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
    badInput: { settings: { portalSlug: "Help Center!" }, message: /resource .help.: property slug value \{Help Center!\} has a problem: must not contain/ },
    secretOutputs: ["widgetToken"],
    async afterDestroy(ctx) {
      const after = ctx.snapshot();
      expect(after.portals).toEqual([]);
      expect(after.automation_rules).toEqual([]);
      expect(after.custom_attribute_definitions).toEqual([]);
      // An object imported into the stack is deleted with it.
      expect(after.labels).toEqual(ctx.seed.labels);
      expect(after.agent_bots.map((b) => b.id)).toEqual(ctx.seed.agent_bots.map((b) => b.id));
      // The membership manages the listed users (2 and 3): both leave the inbox, user 4 stays.
      const seedMembers = ctx.seed.inboxes.find((i) => i.id === 1)?.member_ids ?? [];
      expect(after.inboxes.find((i) => i.id === 1)?.member_ids).toEqual(seedMembers.filter((id) => id !== 2 && id !== 3));
    },
  };
}

/**
 * The quickstart in a language of the generated SDKs (examples/quickstart-python and -go): the
 * same outputs, plus `pulumi import` of a label made outside the stack.
 */
export function sdkQuickstartLifecycle(example: "quickstart-python" | "quickstart-go"): LifecycleSpec {
  return {
    ...quickstartLifecycle(example, (outputs, { website, rule, bot, agentNames }) => {
      expect(outputs).toMatchObject({
        websiteInbox: website?.name,
        portalSlugInUse: "help",
        ruleId: String(rule.id),
        attributeKey: "plan",
        botId: String(bot?.id),
        widgetToken: "[secret]",
      });
      expect([...(outputs.inboxAgents as string[])].sort()).toEqual([...agentNames].sort());
      expect(outputs.botsOfThisAccount).toEqual(["Triage bot", "Support bot"]);
    }),
    importExisting: importedLabel,
  };
}
