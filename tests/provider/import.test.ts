/**
 * `pulumi import` (the native plugin's read without inputs) of the types whose objects an id alone
 * does not place: a membership (found by its inbox or team), a portal's category and article
 * (under whichever portal of the account has them), an inbox with its bot and help center, and a
 * bot of its account's API (`account/<id>`). Each object is made as a program declares it; the
 * import must name the same object, and the program applied over the import's state must change
 * nothing, as `pulumi up --expect-no-changes` after `pulumi import` requires.
 */
import { resources } from "../../provider";
import type { ResourceLifecycle } from "../../provider/lifecycle/resource";
import { create, up, type Props } from "./support/engine";
import { useSandbox } from "./support/sandbox";

/** One case: what to make first, the program's inputs of the imported object, and the import ids that name it. */
interface Case {
  name: string;
  type: keyof typeof resources;
  /** Makes what the object refers to; returns the program's inputs. */
  program(): Promise<Props>;
  /** The import ids that name the object made with `program`'s inputs (its Pulumi id given). */
  ids(id: string): string[];
  /** The inputs the import must record (a subset). */
  recorded?(program: Props): Props;
}

describe("pulumi import of the types an id alone does not place", () => {
  const ctx = useSandbox();
  const made = async (type: keyof typeof resources, inputs: Props) => (await create(resources[type], inputs)).id;
  const portal = () => made("Portal", { name: "Help", slug: "help", config: { allowedLocales: ["en", "de"], defaultLocale: "en" } });

  const CASES: Case[] = [
    {
      name: "an inbox's members, by the inbox's id, with or without the account",
      type: "InboxMembership",
      program: async () => ({ inboxId: 3, userIds: [2, 3] }),
      ids: (id) => [id.split("/")[1] as string, id],
      recorded: () => ({ accountId: 1, inboxId: 3, userIds: [2, 3] }),
    },
    {
      name: "a team's members, by the team's id",
      type: "TeamMembership",
      program: async () => ({ teamId: Number(await made("Team", { name: "billing" })), userIds: [2] }),
      ids: (id) => [id.split("/")[1] as string],
      recorded: (p) => p,
    },
    {
      name: "a category, under the portal that has it",
      type: "PortalCategory",
      program: async () => {
        // Another portal first: the category is not under the account's first one.
        await made("Portal", { name: "Other", slug: "other" });
        return { portalId: Number(await portal()), name: "Billing", slug: "billing", locale: "de", position: 2 };
      },
      ids: (id) => [id, `1/${id}`],
      recorded: (p) => ({ portalId: p.portalId, slug: "billing", locale: "de" }),
    },
    {
      name: "an article, under the portal that has it",
      type: "PortalArticle",
      program: async () => ({ portalId: Number(await portal()), title: "Welcome", slug: "welcome", content: "# Hi\n", status: "published", authorId: 1 }),
      ids: (id) => [id],
      recorded: (p) => ({ portalId: p.portalId, slug: "welcome", authorId: 1 }),
    },
    {
      name: "an inbox with its bot",
      type: "Inbox",
      program: async () => ({
        name: "Support API",
        channel: { type: "api" },
        agentBotId: Number(await made("AgentBot", { scope: "account", name: "Triage" })),
      }),
      ids: (id) => [id],
      recorded: (p) => ({ agentBotId: p.agentBotId }),
    },
    {
      name: "an inbox's link to its help center (a second resource adopting the inbox)",
      type: "Inbox",
      program: async () => {
        const inboxId = Number(await made("Inbox", { name: "Website", channel: { type: "web_widget", websiteUrl: "https://www.acme.test" } }));
        return { adoptId: inboxId, portalId: Number(await portal()) };
      },
      ids: (id) => [id],
      recorded: (p) => ({ portalId: p.portalId }),
    },
    {
      name: "a bot of its account's API, by account/<id>",
      type: "AgentBot",
      program: async () => ({ scope: "account", name: "Returns", outgoingUrl: "https://bots.acme.test/returns" }),
      ids: (id) => [`account/${id}`, `account/1/${id}`],
      recorded: () => ({ scope: "account", name: "Returns" }),
    },
    {
      name: "a Platform bot, by its id",
      type: "AgentBot",
      program: async () => ({ name: "Triage", outgoingUrl: "https://bots.acme.test/triage" }),
      ids: (id) => [id],
      recorded: () => ({ name: "Triage", accountId: 1 }),
    },
  ];

  test.each(CASES.map((c) => [c.name, c] as const))("%s: the import names the object, and the program changes nothing", async (_name, c) => {
    const provider = resources[c.type] as ResourceLifecycle;
    const program = await c.program();
    const id = await made(c.type, program);
    for (const importId of c.ids(id)) {
      const imported = await provider.import(importId);
      expect([importId, imported?.id]).toEqual([importId, id]);
      if (!imported) continue;
      if (c.recorded) expect(imported.inputs).toMatchObject(c.recorded(program));
      ctx.sb.control.clearLog();
      const applied = await up(provider, { id, inputs: imported.inputs, outs: imported.props }, program);
      expect([importId, applied.op, applied.diff.changes]).toEqual([importId, "same", false]);
      expect(ctx.writes()).toEqual([]);
    }
  });

  test("an object of the type that no parent has is not found; an id of no form is refused naming the forms", async () => {
    await portal();
    await expect(resources.PortalCategory.import("999")).resolves.toBeUndefined();
    await expect(resources.InboxMembership.import("999")).resolves.toBeUndefined();
    await expect(resources.AgentBot.import("account/x")).rejects.toThrow('import id "account/x" does not name one object: expected "<id>" or "<accountId>/<id>" or "account/<id>"');
  });
});
