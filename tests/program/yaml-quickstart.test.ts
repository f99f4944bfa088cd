/**
 * examples/yaml-quickstart (the quickstart in Pulumi YAML) through the real `pulumi` CLI, Pulumi's
 * YAML language host and the native plugin installed from its tarball, against the sandbox: the
 * same account set up end to end, with the same life as the TypeScript quickstart's
 * (./support/quickstart-spec.ts); the outputs are the YAML program's own.
 */
import { exampleLifecycle } from "./support/lifecycle";
import { quickstartLifecycle } from "./support/quickstart-spec";

jest.setTimeout(120_000);

exampleLifecycle(
  quickstartLifecycle("yaml-quickstart", (outputs, { rule, bot, agentNames }) => {
    expect(outputs).toMatchObject({
      // An invoke's result that holds a secret (the website token) is secret as a whole in Pulumi YAML.
      websiteInbox: "[secret]",
      portalSlugInUse: "help",
      ruleId: String(rule.id),
      attributeKey: "plan",
      botId: String(bot?.id),
      widgetToken: "[secret]",
    });
    expect((outputs.inboxAgents as { name: string }[]).map((a) => a.name).sort()).toEqual([...agentNames].sort());
    expect((outputs.botsOfThisAccount as { name: string }[]).map((b) => b.name)).toEqual(["Triage bot", "Support bot"]);
  }),
);
