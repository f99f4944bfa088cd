/**
 * examples/business-hours through the real `pulumi` CLI: a web-widget inbox with a support week,
 * the bot that answers it and its agents (found by e-mail). Changing one day's hours sends one
 * PATCH carrying that day alone (the steps: ./support/lifecycle.ts).
 */
import { example } from "../demo/examples";
import { exampleLifecycle, type StackContext } from "./support/lifecycle";

jest.setTimeout(120_000);

const settings = example("business-hours").settings;
const LATER = "09:00-16:00";

/** A day's hours as the sandbox stores them, from the example's `HH:MM-HH:MM` setting. */
function storedDay(dayOfWeek: number, hours: string) {
  const [openHour, openMinutes, closeHour, closeMinutes] = hours.split(/[:-]/).map(Number);
  return { day_of_week: dayOfWeek, closed_all_day: false, open_all_day: false, open_hour: openHour, open_minutes: openMinutes, close_hour: closeHour, close_minutes: closeMinutes };
}
const closedDay = (dayOfWeek: number) => expect.objectContaining({ day_of_week: dayOfWeek, closed_all_day: true });

/** The inbox the example created (the one the seed lacks). */
function createdInbox(ctx: StackContext) {
  const inbox = ctx.snapshot().inboxes.find((i) => !ctx.seed.inboxes.some((s) => s.id === i.id));
  if (!inbox) throw new Error("the example created no inbox");
  return inbox;
}

/** The inbox's tokens, as its administrator reads them through the API. */
async function inboxTokens(ctx: StackContext): Promise<string[]> {
  type Tokens = { website_token?: string; hmac_token?: string };
  const body = (await (await ctx.admin("GET", `/api/v1/accounts/1/inboxes/${createdInbox(ctx).id}`)).json()) as Tokens & { payload?: Tokens };
  const inbox = body.payload ?? body;
  const tokens = [inbox.website_token, inbox.hmac_token];
  for (const token of tokens) expect(token).toEqual(expect.stringMatching(/^\S{8,}$/));
  return tokens as string[];
}

exampleLifecycle({
  example: "business-hours",
  resources: ["website-bot", "website", "website-agents"],
  async afterUp(ctx) {
    const inbox = createdInbox(ctx);
    expect(inbox).toMatchObject({ account_id: 1, name: "Website chat", channel_type: "Channel::WebWidget", timezone: settings.timezone, working_hours_enabled: true });
    expect(inbox.greeting_enabled).toBe(true);
    expect([...inbox.working_hours].sort((a, b) => a.day_of_week - b.day_of_week)).toEqual([
      closedDay(0),
      ...[1, 2, 3, 4].map((day) => storedDay(day, settings.weekdayHours)),
      storedDay(5, settings.fridayHours),
      closedDay(6),
    ]);
    const bot = ctx.snapshot().agent_bots.find((b) => !ctx.seed.agent_bots.some((s) => s.id === b.id));
    expect(bot).toMatchObject({ name: "Website bot", account_id: 1 });
    expect(inbox.agent_bot_id).toBe(bot?.id);
    const emails = JSON.parse(settings.agents) as string[];
    const userIds = emails.map((email) => ctx.snapshot().users.find((u) => u.email === email)?.id);
    expect([...inbox.member_ids].sort()).toEqual([...userIds].sort());

    const names = ctx.snapshot().users.filter((u) => inbox.member_ids.includes(u.id)).map((u) => u.name);
    const outputs = await ctx.project.outputs();
    expect(outputs).toEqual({
      inboxId: String(inbox.id),
      workingHours: [
        "Sunday closed",
        ...["Monday", "Tuesday", "Wednesday", "Thursday"].map((day) => `${day} ${settings.weekdayHours}`),
        `Friday ${settings.fridayHours}`,
        "Saturday closed",
      ],
      timeZone: settings.timezone,
      botId: bot?.id,
      agents: expect.arrayContaining(names),
      widgetToken: "[secret]",
    });
    expect((outputs.agents as string[]).length).toBe(names.length);
  },
  edit: {
    settings: { fridayHours: LATER },
    resource: "website",
    diff: ["workingHours"],
    write: async (ctx) => ({ line: `PATCH /api/v1/accounts/1/inboxes/${createdInbox(ctx).id}`, body: { working_hours: [storedDay(5, LATER)] } }),
  },
  drift: {
    resource: "website",
    diff: ["greetingMessage"],
    async make(ctx) {
      const answer = await ctx.admin("PATCH", `/api/v1/accounts/1/inboxes/${createdInbox(ctx).id}`, { greeting_message: "Changed in the dashboard" });
      expect(answer.status).toBe(200);
    },
    repair: async (ctx) => ({ line: `PATCH /api/v1/accounts/1/inboxes/${createdInbox(ctx).id}`, body: { greeting_message: "Hello! How can we help you today?" } }),
  },
  // The day and both times, not the entry's place in the list (5, which is no day number here).
  badInput: {
    settings: { fridayHours: "15:00-09:00" },
    message: /Inbox resource 'website' has a problem: workingHours\[5\]\.closeHour: Friday closes at 09:00, which is not after it opens at 15:00: give a closing time after the opening time/,
  },
  secretOutputs: ["widgetToken"],
  serverSecrets: inboxTokens,
  async afterDestroy(ctx) {
    const after = ctx.snapshot();
    expect(after.inboxes).toEqual(ctx.seed.inboxes);
    expect(after.agent_bots).toEqual(ctx.seed.agent_bots);
  },
});
