/**
 * examples/quickstart through the real `pulumi` CLI against the sandbox: one account set up end to
 * end, from the inbox data source's id and name (the steps: ./support/lifecycle.ts, the
 * quickstart's own: ./support/quickstart-spec.ts).
 */
import { exampleLifecycle } from "./support/lifecycle";
import { quickstartLifecycle } from "./support/quickstart-spec";

jest.setTimeout(120_000);

exampleLifecycle(
  quickstartLifecycle("quickstart", (outputs, { website, rule, bot, agentNames }) => {
    expect(outputs).toEqual({
      websiteInbox: website?.name,
      portalSlugInUse: "help",
      ruleId: String(rule.id),
      attributeKey: "plan",
      inboxAgents: expect.arrayContaining(agentNames),
      botId: String(bot?.id),
      botsOfThisApp: ["Triage bot", "Support bot"],
      widgetToken: "[secret]",
    });
    expect((outputs.inboxAgents as string[]).length).toBe(agentNames.length);
  }),
);
