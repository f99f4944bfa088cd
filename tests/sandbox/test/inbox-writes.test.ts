import { MODES, request, seedClients, useSandbox } from "./http";

const INBOXES = "/api/v1/accounts/1/inboxes";
const BOTS = "/platform/api/v1/agent_bots";
const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };
const INTERNAL = { status: 500, error: "Internal Server Error" };

type Hours = { day_of_week: number; closed_all_day: boolean; open_hour: number | null; open_minutes: number | null; close_hour: number | null; close_minutes: number | null; open_all_day: boolean };
type Inbox = Record<string, unknown> & { id: number; channel_id: number; working_hours: Hours[] };

/** The week every new inbox starts with, from the rule: weekend closed, weekdays 09:00-17:00. */
const DEFAULT_WEEK: Hours[] = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0 || day === 6
    ? { day_of_week: day, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null, open_all_day: false }
    : { day_of_week: day, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, open_all_day: false },
);

const WIDGET = { name: "Acme Help", channel: { type: "web_widget", website_url: "https://help.acme.test" } };
const API = { name: "Acme Backend", channel: { type: "api", webhook_url: "https://hooks.acme.test/new", hmac_mandatory: true } };

describe.each(MODES)("inbox writes (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2, platform1 } = seedClients(sandbox);
  const snapshot = () => sandbox().control.snapshot();
  const rowOf = (id: number) => snapshot().inboxes.find((inbox) => inbox.id === id);
  const hoursOf = async (id: number) => ((await admin1.get(`${INBOXES}/${id}`)).body as Inbox).working_hours;
  /** True when no issued secret appears in the text (a boolean, so a failure never prints a token). */
  const leaksNoSecret = (text: string) => sandbox().control.secrets().every((secret) => !text.includes(secret));

  describe("POST /inboxes", () => {
    it("creates a web-widget inbox with the default week, UTC, the widget defaults and fresh tokens", async () => {
      const answer = await admin1.post(INBOXES, WIDGET);
      expect(answer.status).toBe(200);
      const inbox = answer.body as Inbox;
      expect(inbox).toMatchObject({ name: "Acme Help", channel_type: "Channel::WebWidget", website_url: "https://help.acme.test", timezone: "UTC", widget_color: "#1f93ff", reply_time: "in_a_few_minutes", hmac_mandatory: false, working_hours_enabled: false });
      expect(inbox.working_hours).toEqual(DEFAULT_WEEK);
      const issued = sandbox().control.secrets();
      expect([issued.includes(String(inbox.website_token)), issued.includes(String(inbox.hmac_token))]).toEqual([true, true]);
      expect(String(inbox.web_widget_script).includes(String(inbox.website_token))).toBe(true);
      // The write answers like GET one in the chatwoot shape: the flags stay a list in both modes.
      expect(inbox.selected_feature_flags).toEqual(["attachments", "emoji_picker", "end_conversation"]);
      expect(snapshot().inboxes.map((i) => i.id)).toContain(inbox.id);
      expect(leaksNoSecret(JSON.stringify(snapshot()))).toBe(true);
    });

    it("creates an API inbox with its channel fields, an identifier and an HMAC token, but no website token", async () => {
      const before = snapshot().inboxes.filter((i) => i.channel_type === "Channel::Api").map((i) => i.channel_id);
      const inbox = (await admin1.post(INBOXES, API)).body as Inbox;
      expect(inbox).toMatchObject({ channel_type: "Channel::Api", webhook_url: "https://hooks.acme.test/new", hmac_mandatory: true, website_token: null, inbox_identifier: expect.any(String) });
      expect(sandbox().control.secrets().includes(String(inbox.hmac_token))).toBe(true);
      expect(inbox.channel_id).toBe(Math.max(...before) + 1);
      expect((await admin1.get(`${INBOXES}/${inbox.id}`)).body).toEqual(inbox);
    });

    it("takes inbox settings on create but not working hours (a PATCH sets those)", async () => {
      const inbox = (await admin1.post(INBOXES, { ...WIDGET, greeting_enabled: true, greeting_message: "Hi", timezone: "Europe/Berlin", working_hours_enabled: true, working_hours: [{ day_of_week: 1, open_all_day: true }] })).body as Inbox;
      expect(inbox).toMatchObject({ greeting_enabled: true, greeting_message: "Hi", timezone: "Europe/Berlin", working_hours_enabled: true });
      expect(inbox.working_hours).toEqual(DEFAULT_WEEK);
    });

    it("accepts IANA identifiers, links included, as timezones", async () => {
      for (const timezone of ["America/New_York", "US/Eastern", "Asia/Calcutta", "Etc/GMT+5", "UTC"]) {
        const answer = await admin1.post(INBOXES, { ...API, timezone });
        expect([timezone, answer.status, (answer.body as Inbox).timezone]).toEqual([timezone, 200, timezone]);
      }
    });

    const refused: [string, unknown, unknown][] = [
      ["a web widget without a website URL", { name: "X", channel: { type: "web_widget" } }, { message: "Website url can't be blank", attributes: ["website_url"] }],
      ["a blank widget colour", { ...WIDGET, channel: { ...WIDGET.channel, widget_color: "" } }, { message: "Widget color can't be blank", attributes: ["widget_color"] }],
      ["a blank name", { ...API, name: "" }, { message: "Name can't be blank, Name should not start or end with symbols, and it should not have < > / \\ @ characters.", attributes: ["name"] }],
      ["a name with @", { ...API, name: "help@acme" }, { message: "Name should not start or end with symbols, and it should not have < > / \\ @ characters.", attributes: ["name"] }],
      ["an unknown timezone", { ...API, timezone: "Mars/Base" }, { message: "Timezone is not included in the list", attributes: ["timezone"] }],
      ["a timezone in the wrong case", { ...API, timezone: "europe/berlin" }, { message: "Timezone is not included in the list", attributes: ["timezone"] }],
      ["a Rails timezone name", { ...API, timezone: "Eastern Time (US & Canada)" }, { message: "Timezone is not included in the list", attributes: ["timezone"] }],
      ["a zero assignment limit", { ...API, auto_assignment_config: { max_assignment_limit: 0 } }, { message: "Auto assignment config max_assignment_limit must be greater than 0", attributes: ["auto_assignment_config"] }],
      ["an unknown channel type", { name: "X", channel: { type: "fax" } }, { message: "Channel must exist", attributes: ["channel"] }],
      // Not in upstream's allowed_channel_types: these connect through OAuth or a controller of their own.
      ["a channel type POST /inboxes does not create (Facebook)", { name: "X", channel: { type: "facebook", page_id: "1" } }, { message: "Channel must exist", attributes: ["channel"] }],
      ["a channel type POST /inboxes does not create (Twilio)", { name: "X", channel: { type: "twilio_sms", account_sid: "AC1" } }, { message: "Channel must exist", attributes: ["channel"] }],
    ];
    it.each(refused)("refuses %s with Rails' 422 and creates nothing", async (_case, body, error) => {
      const count = snapshot().inboxes.length;
      const answer = await admin1.post(INBOXES, body);
      expect([answer.status, answer.body]).toEqual([422, error]);
      expect(snapshot().inboxes).toHaveLength(count);
    });

    // app/models/inbox.rb's `ensure_valid_max_assignment_limit` is empty; only enterprise/app/models/enterprise/inbox.rb checks it.
    it("accepts a zero assignment limit on a community server, where nothing checks it", async () => {
      sandbox().control.setEdition("community");
      const answer = await admin1.post(INBOXES, { ...API, auto_assignment_config: { max_assignment_limit: 0 } });
      expect([answer.status, (answer.body as Inbox).auto_assignment_config]).toEqual([200, { max_assignment_limit: 0 }]);
      const updated = await admin1.patch(`${INBOXES}/${(answer.body as Inbox).id}`, { auto_assignment_config: { max_assignment_limit: -1 } });
      expect(updated.status).toBe(200);
    });

    it("answers 500 without a channel (upstream reads nil[:type]) and for an unknown reply time", async () => {
      for (const body of [{ name: "X" }, { ...WIDGET, channel: { ...WIDGET.channel, reply_time: "soon" } }]) {
        const answer = await admin1.post(INBOXES, body);
        expect([answer.status, answer.body]).toEqual([500, INTERNAL]);
      }
      expect(snapshot().inboxes).toHaveLength(4);
    });
  });

  describe("roles and account scoping", () => {
    const writes: [string, string, string, unknown][] = [
      ["create", "POST", INBOXES, WIDGET],
      ["update", "PATCH", `${INBOXES}/1`, { name: "Renamed" }],
      ["destroy", "DELETE", `${INBOXES}/1`, undefined],
      ["set_agent_bot", "POST", `${INBOXES}/1/set_agent_bot`, { agent_bot: 1 }],
    ];
    it.each(writes)("answers 401 to an agent (%s), changing nothing, even on an inbox they belong to", async (_name, method, path, json) => {
      const before = snapshot();
      const answer = await agent1.send(method, path, json === undefined ? {} : { json });
      expect([answer.status, answer.body]).toEqual([401, NOT_AUTHORIZED]);
      expect(snapshot()).toEqual(before);
    });

    it.each(writes.slice(1))("answers 404 for another account's inbox (%s), changing nothing", async (_name, method, path, json) => {
      const before = snapshot();
      const answer = await admin2.send(method, path.replace("/accounts/1/", "/accounts/2/"), json === undefined ? {} : { json });
      expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
      expect(snapshot()).toEqual(before);
    });

    it("answers 404 for an unknown inbox", async () => {
      const answer = await admin1.patch(`${INBOXES}/99`, { name: "X" });
      expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
    });
  });

  describe("PATCH /inboxes/:id", () => {
    it("changes the settings sent and keeps the others", async () => {
      const before = (await admin1.get(`${INBOXES}/1`)).body as Inbox;
      const answer = await admin1.patch(`${INBOXES}/1`, { greeting_message: "Welcome", enable_auto_assignment: false, timezone: "Asia/Tokyo", sender_name_type: "professional" });
      expect(answer.status).toBe(200);
      const expected = { ...before, greeting_message: "Welcome", enable_auto_assignment: false, timezone: "Asia/Tokyo", sender_name_type: "professional" };
      expect(answer.body).toEqual(mode === "chatwoot" ? expected : { ...expected, selected_feature_flags: ["attachments", "emoji_picker", "end_conversation"] });
      expect((await admin1.get(`${INBOXES}/1`)).body).toEqual(expected);
    });

    it("updates only the listed days", async () => {
      const before = await hoursOf(1);
      const change = { day_of_week: 3, closed_all_day: false, open_hour: 7, open_minutes: 15, close_hour: 12, close_minutes: 45, open_all_day: false };
      expect((await admin1.patch(`${INBOXES}/1`, { working_hours: [change] })).status).toBe(200);
      expect(await hoursOf(1)).toEqual(before.map((day) => (day.day_of_week === 3 ? change : day)));
    });

    const invalid: [string, Partial<Hours>][] = [
      ["closing before opening", { day_of_week: 2, open_hour: 12, open_minutes: 0, close_hour: 9, close_minutes: 0 }],
      ["closing at the opening time", { day_of_week: 2, open_hour: 9, open_minutes: 30, close_hour: 9, close_minutes: 30 }],
      ["an hour past 23", { day_of_week: 2, open_hour: 9, open_minutes: 0, close_hour: 24, close_minutes: 0 }],
      ["minutes past 59", { day_of_week: 2, open_hour: 9, open_minutes: 60, close_hour: 17, close_minutes: 0 }],
      ["both all-day flags", { day_of_week: 2, open_all_day: true, closed_all_day: true }],
    ];
    it.each(invalid)("silently ignores an entry with %s: 200, and the day is unchanged", async (_case, entry) => {
      const before = await hoursOf(1);
      const answer = await admin1.patch(`${INBOXES}/1`, { working_hours: [entry] });
      expect(answer.status).toBe(200);
      expect((answer.body as Inbox).working_hours).toEqual(before);
      expect(await hoursOf(1)).toEqual(before);
    });

    it("applies the valid entries of a request and skips the invalid ones", async () => {
      const before = await hoursOf(1);
      const valid = { day_of_week: 4, closed_all_day: true };
      await admin1.patch(`${INBOXES}/1`, { working_hours: [{ day_of_week: 2, open_hour: 18, open_minutes: 0, close_hour: 8, close_minutes: 0 }, valid] });
      // Closing a day keeps its hours, as upstream does.
      expect(await hoursOf(1)).toEqual(before.map((day) => (day.day_of_week === 4 ? { ...day, closed_all_day: true } : day)));
    });

    it("turns open_all_day into 00:00-23:59", async () => {
      const before = await hoursOf(1);
      await admin1.patch(`${INBOXES}/1`, { working_hours: [{ day_of_week: 0, closed_all_day: false, open_all_day: true }] });
      expect((await hoursOf(1))[0]).toEqual({ ...before[0], closed_all_day: false, open_all_day: true, open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 });
    });

    it("answers 500 for a day outside 0-6 or a reopened day without hours, undoing the days before it", async () => {
      const before = await hoursOf(1);
      const fine = { day_of_week: 2, open_hour: 10, open_minutes: 0, close_hour: 11, close_minutes: 0 };
      for (const bad of [{ day_of_week: 7, closed_all_day: true }, { day_of_week: 0, closed_all_day: false }]) {
        const answer = await admin1.patch(`${INBOXES}/1`, { name: "Renamed", working_hours: [fine, bad] });
        expect([answer.status, answer.body]).toEqual([500, INTERNAL]);
      }
      // Upstream's update has no transaction around its steps: the settings saved first stay.
      expect(rowOf(1)).toMatchObject({ name: "Renamed" });
      expect(await hoursOf(1)).toEqual(before);
    });

    it("updates web-widget and API channel fields under `channel`", async () => {
      const widget = await admin1.patch(`${INBOXES}/1`, { channel: { widget_color: "#112233", welcome_title: "Hello", selected_feature_flags: ["emoji_picker", "attachments"] } });
      expect(widget.body).toMatchObject({ widget_color: "#112233", welcome_title: "Hello", selected_feature_flags: ["attachments", "emoji_picker"] });
      const api = await admin1.patch(`${INBOXES}/2`, { channel: { webhook_url: "https://hooks.acme.test/v2", hmac_mandatory: true } });
      expect(api.body).toMatchObject({ webhook_url: "https://hooks.acme.test/v2", hmac_mandatory: true });
    });

    it("refuses an invalid setting with 422 and changes nothing", async () => {
      const before = snapshot();
      const answer = await admin1.patch(`${INBOXES}/1`, { timezone: "Nowhere/City", working_hours: [{ day_of_week: 1, closed_all_day: true }] });
      expect([answer.status, answer.body]).toEqual([422, { message: "Timezone is not included in the list", attributes: ["timezone"] }]);
      expect(snapshot()).toEqual(before);
    });

    it("refuses a blank website URL with 422 after applying the settings and hours before it", async () => {
      const answer = await admin1.patch(`${INBOXES}/1`, { greeting_message: "Kept", working_hours: [{ day_of_week: 2, closed_all_day: true }], channel: { website_url: "" } });
      expect([answer.status, answer.body]).toEqual([422, { message: "Website url can't be blank", attributes: ["website_url"] }]);
      expect(rowOf(1)).toMatchObject({ greeting_message: "Kept", website_url: "https://www.acme.test" });
      expect(rowOf(1)?.working_hours[2]?.closed_all_day).toBe(true);
    });

    it("answers 500 to a channel `type` key (no such channel attribute)", async () => {
      const answer = await admin1.patch(`${INBOXES}/2`, { channel: { type: "api", webhook_url: "https://x.test" } });
      expect([answer.status, answer.body]).toEqual([500, INTERNAL]);
      expect(rowOf(2)).toMatchObject({ webhook_url: "https://hooks.acme.test/chatwoot" });
    });
  });

  describe("agent bots", () => {
    const botOf = async (client = admin1, id = 1) => (await client.get(`${INBOXES}/${id}/agent_bot`)).body as { agent_bot: Record<string, unknown> };

    it("sets, shows and removes the inbox's bot", async () => {
      expect(await botOf()).toEqual({ agent_bot: {} });
      const set = await admin1.post(`${INBOXES}/1/set_agent_bot`, { agent_bot: 1 });
      expect([set.status, set.text]).toEqual([200, ""]);
      const shown = (await botOf()).agent_bot;
      expect(shown).toMatchObject({ id: 1, name: "Triage bot", outgoing_url: "https://bots.acme.test/triage", account_id: 1, system_bot: false, bot_type: "webhook" });
      // app/views/api/v1/accounts/inboxes/agent_bot.json.jbuilder renders the bot without AgentBotPresenter:
      // its token is the AccessToken row, whole, for every member who may see the inbox.
      const row = shown.access_token as { token: string; owner_type: string; owner_id: number };
      expect(row).toMatchObject({ owner_type: "AgentBot", owner_id: 1 });
      expect(sandbox().control.secrets().includes(row.token)).toBe(true);
      const forAgent = (await botOf(agent1)).agent_bot;
      expect([forAgent.id, (forAgent.access_token as { token?: string } | undefined)?.token]).toEqual([1, row.token]);
      expect(rowOf(1)?.agent_bot_id).toBe(1);
      expect((await admin1.post(`${INBOXES}/1/set_agent_bot`, { agent_bot: null })).status).toBe(200);
      expect(await botOf()).toEqual({ agent_bot: {} });
    });

    it("accepts a global bot, shown as a system bot without its outgoing URL", async () => {
      const global = (await platform1.post(BOTS, { name: "Global", outgoing_url: "https://bots.test/global" })).body as { id: number };
      expect((await admin1.post(`${INBOXES}/1/set_agent_bot`, { agent_bot: global.id })).status).toBe(200);
      const shown = (await botOf()).agent_bot;
      expect([shown.id, shown.system_bot, Object.hasOwn(shown, "outgoing_url")]).toEqual([global.id, true, false]);
    });

    it("answers 404 for another account's bot or an unknown one, before the role check", async () => {
      for (const [client, bot] of [[admin1, 2], [admin1, 99], [agent1, 99]] as const) {
        const answer = await client.post(`${INBOXES}/1/set_agent_bot`, { agent_bot: bot });
        expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
      }
      expect(rowOf(1)?.agent_bot_id).toBeNull();
    });

    it("answers 401 to an agent who does not belong to the inbox", async () => {
      const answer = await agent1.get(`${INBOXES}/2/agent_bot`);
      expect([answer.status, answer.body]).toEqual([401, NOT_AUTHORIZED]);
    });
  });

  describe("DELETE /inboxes/:id", () => {
    it("answers 200 with the deletion message; the inbox and its members are gone and portals unlinked", async () => {
      const portalLink = () => snapshot().portals.find((p) => p.slug === "help")?.inbox_id;
      await admin1.post("/api/v1/accounts/1/portals", { name: "Help", slug: "help", inbox_id: 1 });
      expect(portalLink()).toBe(1);
      expect(rowOf(1)?.member_ids.length).toBeGreaterThan(0);
      const answer = await admin1.delete(`${INBOXES}/1`);
      expect([answer.status, answer.body]).toEqual([200, { message: "Your inbox deletion request will be processed in some time." }]);
      expect(rowOf(1)).toBeUndefined();
      for (const path of [`${INBOXES}/1`, "/api/v1/accounts/1/inbox_members/1", `${INBOXES}/1/agent_bot`]) {
        const later = await admin1.get(path);
        expect([path, later.status, later.body]).toEqual([path, 404, NOT_FOUND]);
      }
      expect(portalLink()).toBeNull();
      expect(((await admin1.get(INBOXES)).body as { payload: Inbox[] }).payload.map((i) => i.id)).not.toContain(1);
    });

    it("with a deletion lag, keeps the inbox findable for that many lookups, then answers 404", async () => {
      const refused = await request(sandbox().url, "PUT", "/__sandbox/inbox-deletion-lag", { json: { lookups: -1 } });
      expect(refused.status).toBe(400);
      const put = await request(sandbox().url, "PUT", "/__sandbox/inbox-deletion-lag", { json: { lookups: 2 } });
      expect(put.status).toBe(204);
      expect((await admin1.delete(`${INBOXES}/2`)).status).toBe(200);
      expect((await admin1.get(`${INBOXES}/2`)).status).toBe(200);
      expect((await admin1.delete(`${INBOXES}/2`)).status).toBe(200); // deleting again while queued
      expect(rowOf(2)).toBeDefined();
      expect((await admin1.get(`${INBOXES}/2`)).status).toBe(404);
      expect(rowOf(2)).toBeUndefined();
      sandbox().control.reset();
      expect((await request(sandbox().url, "GET", "/__sandbox/inbox-deletion-lag")).body).toEqual({ lookups: 0 });
    });
  });

  describe("request log and faults", () => {
    it("logs writes with their bodies", async () => {
      await admin1.patch(`${INBOXES}/1`, { working_hours: [{ day_of_week: 1, open_all_day: true }] });
      expect(sandbox().control.log().at(-1)).toMatchObject({ method: "PATCH", path: `${INBOXES}/1`, status: 200, body: { working_hours: [{ day_of_week: 1, open_all_day: true }] } });
    });

    it("applies a create whose answer is lost, and applies nothing under a 503", async () => {
      sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/inboxes", kind: "lost-response" });
      await expect(admin1.post(INBOXES, WIDGET)).rejects.toThrow();
      expect(snapshot().inboxes.map((i) => i.name)).toContain("Acme Help");
      expect(sandbox().control.log().at(-1)).toMatchObject({ method: "POST", status: 0, fault: "lost-response" });

      sandbox().control.inject({ method: "PATCH", path: "/api/v1/accounts/:account/inboxes/:id", kind: "status", status: 503 });
      const before = snapshot();
      expect((await admin1.patch(`${INBOXES}/1`, { name: "Never" })).status).toBe(503);
      expect(snapshot()).toEqual(before);
    });
  });
});
