/**
 * examples/business-hours end to end through the offline runner against the sandbox: a web-widget
 * inbox with a support week, the bot that answers it and its agents (found by e-mail). Changing one
 * day's hours sends one PATCH carrying that day alone.
 */
import { OfflineRunError } from "../harness/offline-runner";
import { isSealed } from "../harness/state-secrets";
import { opsOf, useExampleStack } from "./support/example-stack";

const stack = useExampleStack("business-hours");
const settings = stack.spec.settings;
const RESOURCES = ["website-bot", "website", "website-agents"];
const every = (op: string) => Object.fromEntries(RESOURCES.map((name) => [name, op]));

/** A day's hours as the sandbox stores them, from the example's `HH:MM-HH:MM` setting. */
function storedDay(dayOfWeek: number, hours: string) {
  const [openHour, openMinutes, closeHour, closeMinutes] = hours.split(/[:-]/).map(Number);
  return { day_of_week: dayOfWeek, closed_all_day: false, open_all_day: false, open_hour: openHour, open_minutes: openMinutes, close_hour: closeHour, close_minutes: closeMinutes };
}
const closedDay = (dayOfWeek: number) => expect.objectContaining({ day_of_week: dayOfWeek, closed_all_day: true });

/** The inbox the example created (the one the seed lacks). */
function createdInbox(seedIds: readonly number[]) {
  const inbox = stack.snapshot().inboxes.find((i) => !seedIds.includes(i.id));
  if (!inbox) throw new Error("the example created no inbox");
  return inbox;
}
const inboxIds = () => stack.snapshot().inboxes.map((i) => i.id);
const userIdsOf = (emails: string[]) => emails.map((email) => stack.snapshot().users.find((u) => u.email === email)?.id);
const agentEmails = JSON.parse(settings.agents) as string[];

test("the first run creates the inbox with its support week, the bot answering it and its agents", async () => {
  const seed = stack.snapshot();
  const summary = await stack.up();
  expect(opsOf(summary)).toEqual(every("create"));

  const inbox = createdInbox(seed.inboxes.map((i) => i.id));
  expect(inbox).toMatchObject({ account_id: 1, name: "Website chat", channel_type: "Channel::WebWidget", timezone: settings.timezone, working_hours_enabled: true });
  expect(inbox.out_of_office_message).toEqual(expect.stringContaining("closed"));
  expect(inbox.greeting_enabled).toBe(true);
  const byDay = [...inbox.working_hours].sort((a, b) => a.day_of_week - b.day_of_week);
  expect(byDay).toEqual([
    closedDay(0),
    ...[1, 2, 3, 4].map((day) => storedDay(day, settings.weekdayHours)),
    storedDay(5, settings.fridayHours),
    closedDay(6),
  ]);

  const bot = stack.snapshot().agent_bots.find((b) => !seed.agent_bots.some((s) => s.id === b.id));
  expect(bot).toMatchObject({ name: "Website bot", account_id: 1 });
  expect(inbox.agent_bot_id).toBe(bot?.id);
  expect([...inbox.member_ids].sort()).toEqual([...userIdsOf(agentEmails)].sort());

  const names = stack.snapshot().users.filter((u) => inbox.member_ids.includes(u.id)).map((u) => u.name);
  expect(summary.outputs).toEqual({
    inboxId: String(inbox.id),
    workingHours: expect.any(Array),
    timeZone: settings.timezone,
    botId: bot?.id,
    agents: expect.arrayContaining(names),
    widgetToken: "[secret]",
  });
  expect((summary.outputs.agents as string[]).length).toBe(names.length);
  expect(summary.outputs.workingHours).toEqual([
    "Sunday closed",
    ...["Monday", "Tuesday", "Wednesday", "Thursday"].map((day) => `${day} ${settings.weekdayHours}`),
    `Friday ${settings.fridayHours}`,
    "Saturday closed",
  ]);
});

test("a second run changes nothing and sends no write", async () => {
  const first = await stack.up();
  stack.sandbox.control.clearLog();
  const second = await stack.up();
  expect(opsOf(second)).toEqual(every("same"));
  expect(second.hostCalls).toMatchObject({ create: 0, update: 0, delete: 0, diff: RESOURCES.length });
  expect(stack.writes()).toEqual([]);
  expect(second.outputs).toEqual(first.outputs);
});

test("changing one day's hours sends one PATCH whose working_hours holds that day alone", async () => {
  const seedIds = inboxIds();
  await stack.up();
  const inbox = createdInbox(seedIds);
  const before = inbox.working_hours;
  const later = "09:00-16:00";
  expect(later).not.toBe(settings.fridayHours);
  stack.sandbox.control.clearLog();

  const summary = await stack.up({ fridayHours: later });
  expect(opsOf(summary)).toEqual({ ...every("same"), website: "update" });
  expect(summary.resources.find((r) => r.name === "website")).toMatchObject({ changedKeys: ["workingHours"] });
  const writes = stack.writes();
  expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([`PATCH /api/v1/accounts/1/inboxes/${inbox.id}`]);
  const body = writes[0].body as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["working_hours"]);
  expect(body.working_hours).toEqual([expect.objectContaining({ ...storedDay(5, later) })]);

  // Friday changed on the server; the other days are as they were.
  const after = createdInbox(seedIds).working_hours;
  const dayOf = (rows: typeof before, day: number) => rows.find((r) => r.day_of_week === day);
  expect(dayOf(after, 5)).toMatchObject(storedDay(5, later));
  for (const day of [0, 1, 2, 3, 4, 6]) expect(dayOf(after, day)).toEqual(dayOf(before, day));
  expect(summary.outputs.workingHours).toContain(`Friday ${later}`);
});

test("hours that can never work fail before any request, naming the entry and the field", async () => {
  await stack.up();
  stack.sandbox.control.clearLog();
  const error = await stack.up({ fridayHours: "15:00-09:00" }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(OfflineRunError);
  expect((error as Error).message).toMatch(/workingHours\.5\.closeHour.*the closing time must be after the opening time/);
  expect(stack.writes()).toEqual([]);
});

test("destroy removes the inbox, its bot and its members, and leaves the seed", async () => {
  const seed = stack.snapshot();
  await stack.up();
  const inboxId = createdInbox(seed.inboxes.map((i) => i.id)).id;
  const summary = await stack.destroy();
  expect(opsOf(summary)).toEqual(every("delete"));
  const after = stack.snapshot();
  expect(after.inboxes.map((i) => i.id)).not.toContain(inboxId);
  expect(after.inboxes).toEqual(seed.inboxes);
  expect(after.agent_bots).toEqual(seed.agent_bots);
  expect(stack.writeLines()).toEqual(expect.arrayContaining([`DELETE /api/v1/accounts/1/inboxes/${inboxId}`]));
});

test("the state holds neither the website token nor the HMAC token in plaintext; both are secret outputs", async () => {
  const seedIds = inboxIds();
  await stack.up();
  await stack.up({ fridayHours: "09:00-16:00" });
  const { url, info } = stack.sandbox;
  const id = createdInbox(seedIds).id;
  const answer = await fetch(`${url}/api/v1/accounts/1/inboxes/${id}`, { headers: { api_access_token: info.accounts[0].adminToken } });
  type Tokens = { website_token?: string; hmac_token?: string };
  const body = (await answer.json()) as Tokens & { payload?: Tokens };
  const inbox = body.payload ?? body;
  const tokens = [inbox.website_token, inbox.hmac_token];
  for (const token of tokens) expect(token).toEqual(expect.stringMatching(/^\S{8,}$/));

  const text = stack.stateText();
  for (const secret of [...stack.sandbox.control.secrets(), ...(tokens as string[])]) expect(text).not.toContain(secret);
  const state = JSON.parse(text) as { outputs: Record<string, unknown> };
  expect(isSealed(state.outputs.widgetToken)).toBe(true);
  const outputs = stack.record("website").outputs;
  for (const key of ["websiteToken", "hmacToken", "webWidgetScript"]) expect(isSealed(outputs[key])).toBe(true);
});
