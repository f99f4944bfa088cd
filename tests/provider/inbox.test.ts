import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Inbox;

const widget = { type: "web_widget", websiteUrl: "https://www.acme.test/shop", widgetColor: "#1F93FF", welcomeTitle: "Hello" };
/** A support week: Monday to Thursday 9-17 (as Chatwoot's default), Friday 9-13:30, Saturday open all day. */
const week = [
  { dayOfWeek: 1, openHour: 9, closeHour: 17 },
  { dayOfWeek: 2, openHour: 9, closeHour: 17 },
  { dayOfWeek: 5, openHour: 9, closeHour: 13, closeMinutes: 30 },
  { dayOfWeek: 6, openAllDay: true },
];
const website = {
  name: "Shop Website",
  channel: widget,
  greetingEnabled: true,
  greetingMessage: "Hi! How can we help?",
  timezone: "Europe/Berlin",
  workingHoursEnabled: true,
  workingHours: week,
};

type Row = {
  id: number;
  name: string;
  channel_type: string;
  timezone: string;
  greeting_message: string | null;
  widget_color: string;
  agent_bot_id: number | null;
  auto_assignment_config: Props;
  working_hours: Props[];
};

describe.each(SHAPES)("Inbox (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const inboxes = () => `/api/v1/accounts/${ctx.account.id}/inboxes`;
  const at = (id: string | number) => `${inboxes()}/${id}`;
  const rows = () => (ctx.sb.control.snapshot() as unknown as { inboxes: Row[] }).inboxes;
  const row = (id: string | number) => rows().find((r) => r.id === Number(id));
  const day = (id: string | number, dayOfWeek: number) => row(id)?.working_hours.find((d) => d.day_of_week === dayOfWeek);
  const writeLines = () => ctx.writes().map((w) => `${w.method} ${w.path}`);
  const fresh = async (inputs: Props): Promise<State> => {
    const state = await create(provider, inputs);
    ctx.sb.control.clearLog();
    return state;
  };

  it("creates a web-widget inbox: one POST with the settings, then one PATCH with only the days that differ from Chatwoot's default", async () => {
    const state = await create(provider, website);
    expect(writeLines()).toEqual([`POST ${inboxes()}`, `PATCH ${at(state.id)}`]);
    expect(ctx.writes()[0].body).toEqual({
      name: "Shop Website",
      greeting_enabled: true,
      greeting_message: "Hi! How can we help?",
      timezone: "Europe/Berlin",
      working_hours_enabled: true,
      channel: { type: "web_widget", website_url: "https://www.acme.test/shop", widget_color: "#1F93FF", welcome_title: "Hello" },
    });
    // Monday and Tuesday are Chatwoot's default already.
    expect(ctx.writes()[1].body).toEqual({
      working_hours: [
        { day_of_week: 5, closed_all_day: false, open_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 13, close_minutes: 30 },
        { day_of_week: 6, closed_all_day: false, open_all_day: true, open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 },
      ],
    });
    expect(day(state.id, 5)).toMatchObject({ open_hour: 9, close_hour: 13, close_minutes: 30 });
    expect(state.outs).toMatchObject({
      accountId: ctx.account.id,
      name: "Shop Website",
      channel: { ...widget, widgetColor: "#1F93FF", welcomeTagline: null, hmacMandatory: false },
      channelType: "web_widget",
      timezone: "Europe/Berlin",
      adopted: false,
      deleteOnDestroy: false,
      websiteToken: expect.any(String),
      hmacToken: expect.any(String),
      webWidgetScript: expect.stringContaining("websiteToken"),
    });
    // The outputs hold the listed days, in the program's order, as the server holds them.
    expect(state.outs.workingHours).toEqual([
      { dayOfWeek: 1, closedAllDay: false, openAllDay: false, openHour: 9, openMinutes: 0, closeHour: 17, closeMinutes: 0 },
      { dayOfWeek: 2, closedAllDay: false, openAllDay: false, openHour: 9, openMinutes: 0, closeHour: 17, closeMinutes: 0 },
      { dayOfWeek: 5, closedAllDay: false, openAllDay: false, openHour: 9, openMinutes: 0, closeHour: 13, closeMinutes: 30 },
      { dayOfWeek: 6, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 },
    ]);
    expect(ctx.sb.control.secrets()).toContain(state.outs.websiteToken);
  });

  it("creates an API inbox with one POST when nothing else differs", async () => {
    const state = await create(provider, { name: "Orders API", channel: { type: "api", webhookUrl: "https://hooks.acme.test/orders", hmacMandatory: true } });
    expect(writeLines()).toEqual([`POST ${inboxes()}`]);
    expect(ctx.writes()[0].body).toEqual({ name: "Orders API", channel: { type: "api", webhook_url: "https://hooks.acme.test/orders", hmac_mandatory: true } });
    expect(state.outs).toMatchObject({
      channel: { type: "api", webhookUrl: "https://hooks.acme.test/orders", hmacMandatory: true },
      channelType: "api",
      inboxIdentifier: expect.any(String),
      websiteToken: null,
    });
    // No days listed: the outputs show the server's whole week.
    expect((state.outs.workingHours as Props[]).map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(row(state.id)).toMatchObject({ name: "Orders API", channel_type: "Channel::Api" });
  });

  // Lost after the server applied the POST, or lost before: either way one new inbox, never the older one of the same name.
  it.each(["lost-response", "reset"] as const)("after a POST that got no answer (%s), takes the inbox it made and no other", async (kind) => {
    const older = (await ctx.admin("POST", inboxes(), { name: "Orders API", channel: { type: "api" } })).body as { id: number };
    ctx.sb.control.inject({ method: "POST", path: inboxes(), kind });
    const state = await create(provider, { name: "Orders API", channel: { type: "api" } });
    expect(Number(state.id)).toBeGreaterThan(older.id);
    expect(rows().filter((r) => r.name === "Orders API").map((r) => r.id)).toEqual([older.id, Number(state.id)]);
  });

  it("sets the bot of a new inbox with set_agent_bot, and sends a Rails time-zone name as its IANA zone", async () => {
    const inputs = { name: "Bots API", channel: { type: "api" }, agentBotId: 1, timezone: "Eastern Time (US & Canada)" };
    const state = await create(provider, inputs);
    expect(writeLines()).toEqual([`POST ${inboxes()}`, `POST ${at(state.id)}/set_agent_bot`]);
    expect(ctx.writes()[0].body).toMatchObject({ timezone: "America/New_York" });
    expect(ctx.writes()[1].body).toEqual({ agent_bot: 1 });
    expect(row(state.id)).toMatchObject({ agent_bot_id: 1, timezone: "America/New_York" });
    expect(state.outs).toMatchObject({ agentBotId: 1, timezone: "America/New_York" });
    expect((await up(provider, state, inputs)).op).toBe("same");
  });

  it("sends nothing on a second up, including for inputs that only differ in form", async () => {
    const state = await fresh(website);
    expect((await up(provider, state, website)).op).toBe("same");
    const sameMeaning = {
      ...website,
      channel: { ...widget, widgetColor: "#1f93ff" },
      timezone: "Europe/Berlin",
      workingHours: [
        { closeHour: 17, openHour: 9, dayOfWeek: 1, openMinutes: 0, closeMinutes: 0 },
        { dayOfWeek: 2, openHour: 9, closeHour: 17 },
        { dayOfWeek: 5, openHour: 9, openMinutes: 0, closeHour: 13, closeMinutes: 30 },
        // Open all day is 00:00-23:59.
        { dayOfWeek: 6, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 },
        // Hours of a closed day mean nothing (Sunday is closed by default).
        { dayOfWeek: 0, closedAllDay: true, openHour: 10, closeHour: 12 },
      ],
    };
    const refreshed = (await refresh(provider, state))!;
    expect((await up(provider, refreshed, sameMeaning)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("compares time-zone aliases the server keeps as equal", async () => {
    const inputs = { name: "Kolkata", channel: { type: "api" }, timezone: "Asia/Calcutta" };
    const state = await fresh(inputs);
    expect(row(state.id)?.timezone).toBe("Asia/Calcutta");
    expect((await up(provider, state, { ...inputs, timezone: "Asia/Kolkata" })).op).toBe("same");
    await ctx.admin("PATCH", at(state.id), { timezone: "Asia/Kolkata" });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.timezone).toBe("Asia/Kolkata");
    expect((await up(provider, refreshed, inputs)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(1); // the change by hand
  });

  it("updates with one PATCH: changed settings, changed channel fields under channel, and only the changed day", async () => {
    const state = await fresh(website);
    const changed = {
      ...website,
      greetingMessage: "Welcome back!",
      channel: { ...widget, widgetColor: "#FF0000" },
      workingHours: week.map((d) => (d.dayOfWeek === 2 ? { dayOfWeek: 2, openHour: 10, closeHour: 16 } : d)),
    };
    const { op, state: next } = await up(provider, state, changed);
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({
        method: "PATCH",
        path: at(state.id),
        body: {
          greeting_message: "Welcome back!",
          channel: { widget_color: "#FF0000" },
          working_hours: [{ day_of_week: 2, closed_all_day: false, open_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 16, close_minutes: 0 }],
        },
      }),
    ]);
    expect(day(state.id, 2)).toMatchObject({ open_hour: 10, close_hour: 16 });
    expect(day(state.id, 5)).toMatchObject({ open_hour: 9, close_hour: 13, close_minutes: 30 });
    expect(next.outs).toMatchObject({ greetingMessage: "Welcome back!", channel: { widgetColor: "#FF0000" } });
    expect((await up(provider, next, changed)).op).toBe("same");
  });

  it("changes only the bot with set_agent_bot and no PATCH; null removes it", async () => {
    const state = await fresh({ ...website, agentBotId: null });
    const { op, state: withBot } = await up(provider, state, { ...website, agentBotId: 1 });
    expect(op).toBe("update");
    expect(writeLines()).toEqual([`POST ${at(state.id)}/set_agent_bot`]);
    expect(row(state.id)?.agent_bot_id).toBe(1);
    expect(withBot.outs.agentBotId).toBe(1);
    ctx.sb.control.clearLog();
    const { state: without } = await up(provider, withBot, { ...website, agentBotId: null });
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "POST", path: `${at(state.id)}/set_agent_bot`, body: { agent_bot: null } })]);
    expect(row(state.id)?.agent_bot_id).toBeNull();
    expect(without.outs.agentBotId).toBeNull();
  });

  it("reports drift in a managed setting and a listed day, not in a day the program does not list", async () => {
    const state = await fresh(website);
    await ctx.admin("PATCH", at(state.id), {
      greeting_message: "Changed by hand",
      working_hours: [
        { day_of_week: 5, open_hour: 8, open_minutes: 0, close_hour: 12, close_minutes: 0 },
        { day_of_week: 3, open_hour: 11, open_minutes: 0, close_hour: 12, close_minutes: 0 },
      ],
    });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ greetingMessage: "Changed by hand" });
    expect((refreshed.outs.workingHours as Props[]).find((d) => d.dayOfWeek === 5)).toMatchObject({ openHour: 8, closeHour: 12 });
    ctx.sb.control.clearLog();
    const { op, diff } = await up(provider, refreshed, website);
    expect(op).toBe("update");
    expect(diff.replaces).toEqual([]);
    // Wednesday (3) is not listed: it stays as changed by hand.
    expect(ctx.writes()).toHaveLength(1);
    expect(ctx.writes()[0].body).toEqual({
      greeting_message: "Hi! How can we help?",
      working_hours: [{ day_of_week: 5, closed_all_day: false, open_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 13, close_minutes: 30 }],
    });
    expect(day(state.id, 3)).toMatchObject({ open_hour: 11, close_hour: 12 });
  });

  it("sees only a 404 as gone", async () => {
    const state = await fresh(website);
    ctx.sb.control.inject({ method: "GET", path: at(state.id), kind: "status", status: 500, times: 10 });
    ctx.connect({ maxRetries: "0" });
    try {
      await expect(refresh(provider, state)).rejects.toThrow(`GET ${at(state.id)}: 500`);
    } finally {
      ctx.connect();
      ctx.sb.control.clearFaults();
    }
    await ctx.admin("DELETE", at(state.id));
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("fails an update the server answered with success but did not take, naming the setting", async () => {
    const state = await fresh(website);
    // What check refuses (a key Chatwoot does not permit), sent as a provider without that check
    // would: the sandbox, like Chatwoot, keeps only max_assignment_limit of this object.
    const news = { ...state.inputs, autoAssignmentConfig: { max_assignment_limit: 2, strategy: "balanced" } };
    await expect(provider.update!(state.id, state.outs, news)).rejects.toThrow(
      /PATCH .*inboxes\/\d+: the server answered with success but did not take autoAssignmentConfig/,
    );
  });

  it("fails when the server skips a working-hours day without saying so, naming the day", async () => {
    const state = await fresh(website);
    // What check would refuse (closing before opening), sent as a server with other rules would take it.
    const news = { ...state.inputs, workingHours: [...week, { dayOfWeek: 3, openHour: 18, closeHour: 9 }] };
    await expect(provider.update!(state.id, state.outs, news)).rejects.toThrow(
      /did not take workingHours for Wednesday \(3\) 18:00-09:00 \(it still holds Wednesday \(3\) 09:00-17:00\); Chatwoot skips/,
    );
    expect(day(state.id, 3)).toMatchObject({ open_hour: 9, close_hour: 17 });
  });

  it("replaces the inbox when the channel type changes, and nothing else does", async () => {
    const state = await fresh(website);
    const { op, diff } = await up(provider, state, { name: "Shop Website", channel: { type: "api" } });
    expect(op).toBe("replace");
    expect(diff.replaces).toEqual(["channelType"]);
    expect((await up(provider, state, { ...website, channel: { ...widget, websiteUrl: "https://shop.acme.test" } })).diff.replaces).toEqual([]);
  });

  it("deletes a created inbox; a read while the server is still deleting it does not bring it back", async () => {
    const state = await fresh(website);
    ctx.sb.control.setInboxDeletionLag(3);
    await destroy(provider, state);
    expect(writeLines()).toEqual([`DELETE ${at(state.id)}`]);
    // Chatwoot still answers for the inbox until its deletion job has run.
    expect((await ctx.admin("GET", at(state.id))).status).toBe(200);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(create(provider, { ...website, adoptId: Number(state.id) })).rejects.toThrow(/adoptId .*was deleted by this deployment/);
  });

  describe("adoption", () => {
    // Seed: inbox 3 is account 1's e-mail inbox, which needs credentials of a mail server to create.
    const email = { adoptId: 3, greetingEnabled: true, greetingMessage: "Thanks for writing!", workingHours: [{ dayOfWeek: 6, openHour: 10, closeHour: 12 }] };

    it("takes over an inbox of another channel type and changes only what differs, in one PATCH", async () => {
      const before = row(3)!;
      const state = await create(provider, email);
      expect(state.id).toBe("3");
      expect(writeLines()).toEqual([`PATCH ${at(3)}`]);
      expect(ctx.writes()[0].body).toEqual({
        greeting_enabled: true,
        greeting_message: "Thanks for writing!",
        working_hours: [{ day_of_week: 6, closed_all_day: false, open_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 12, close_minutes: 0 }],
      });
      expect(state.outs).toMatchObject({ adopted: true, channel: { type: "email" }, channelType: "email", name: before.name });
      ctx.sb.control.clearLog();
      expect((await up(provider, state, email)).op).toBe("same");
      expect((await up(provider, (await refresh(provider, state))!, email)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("only forgets an adopted inbox on destroy", async () => {
      const state = await fresh(email);
      await destroy(provider, state);
      expect(ctx.writes()).toHaveLength(0);
      expect(row(3)).toBeDefined();
    });

    it("deletes an adopted inbox with deleteOnDestroy, and a later change of that flag reaches the state without a request", async () => {
      const state = await fresh({ ...email, deleteOnDestroy: true });
      const { op, state: kept } = await up(provider, state, email);
      expect(op).toBe("update");
      expect(ctx.writes()).toHaveLength(0);
      expect(kept.outs).toMatchObject({ deleteOnDestroy: false, adopted: true });
      await destroy(provider, kept);
      expect(row(3)).toBeDefined();
      const { state: doomed } = await up(provider, kept, { ...email, deleteOnDestroy: true });
      await destroy(provider, doomed);
      expect(writeLines()).toEqual([`DELETE ${at(3)}`]);
      expect(row(3)).toBeUndefined();
    });

    it("manages the channel fields of an adopted web-widget inbox, and refuses another channel type", async () => {
      const state = await create(provider, { adoptId: 1, channel: { type: "web_widget", widgetColor: "#0F766E", welcomeTitle: "Hey" } });
      // The colour only differs in case: only the title is sent.
      expect(ctx.writes().map((w) => w.body)).toEqual([{ channel: { welcome_title: "Hey" } }]);
      expect(state.outs.channel).toMatchObject({ welcomeTitle: "Hey", websiteUrl: "https://www.acme.test" });
      await expect(create(provider, { adoptId: 2, channel: { type: "web_widget" } })).rejects.toThrow(/adoptId 2: inbox 2 is a Channel::Api inbox, not web_widget/);
      await expect(create(provider, { adoptId: 99 })).rejects.toThrow(/adoptId 99: account 1 has no inbox 99/);
    });
  });
});
