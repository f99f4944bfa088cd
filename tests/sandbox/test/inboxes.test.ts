import { MODES, seedClients, useSandbox } from "./http";

const INBOXES = "/api/v1/accounts/1/inboxes";
type Inbox = Record<string, unknown> & { id: number; name: string };

describe.each(MODES)("inboxes (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);

  describe("GET list", () => {
    it("gives administrators every inbox of the account, wrapped in payload and ordered by name", async () => {
      const answer = await admin1.get(INBOXES);
      expect(answer.status).toBe(200);
      const payload = (answer.body as { payload: Inbox[] }).payload;
      expect(payload.map((i) => i.name)).toEqual(["Acme API", "Acme Support Email", "Acme Website"]);
      expect(payload.map((i) => i.id)).toEqual([2, 3, 1]);
    });

    it("gives agents only the inboxes they are members of", async () => {
      const payload = ((await agent1.get(INBOXES)).body as { payload: Inbox[] }).payload;
      expect(payload.map((i) => i.id)).toEqual([1]);
    });

    it("scopes to the account in the path", async () => {
      const payload = ((await admin2.get("/api/v1/accounts/2/inboxes")).body as { payload: Inbox[] }).payload;
      expect(payload.map((i) => i.id)).toEqual([4]);
    });
  });

  describe("GET one", () => {
    it("answers the bare web-widget inbox with seven working-hours entries, Sunday first", async () => {
      const answer = await admin1.get(`${INBOXES}/1`);
      expect(answer.status).toBe(200);
      const inbox = answer.body as Inbox;
      expect(inbox).toMatchObject({ id: 1, name: "Acme Website", channel_type: "Channel::WebWidget", website_url: "https://www.acme.test", widget_color: "#0f766e", timezone: "Europe/Berlin", working_hours_enabled: true });
      expect(inbox.working_hours).toEqual([
        { day_of_week: 0, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null, open_all_day: false },
        { day_of_week: 1, closed_all_day: false, open_hour: 8, open_minutes: 30, close_hour: 18, close_minutes: 0, open_all_day: false },
        { day_of_week: 2, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, open_all_day: false },
        { day_of_week: 3, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, open_all_day: false },
        { day_of_week: 4, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, open_all_day: false },
        { day_of_week: 5, closed_all_day: false, open_hour: 8, open_minutes: 30, close_hour: 14, close_minutes: 0, open_all_day: false },
        { day_of_week: 6, closed_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 14, close_minutes: 0, open_all_day: false },
      ]);
      expect(sandbox().control.secrets()).toContain(inbox.website_token);
      expect(inbox.web_widget_script).toEqual(expect.stringContaining(String(inbox.website_token)));
      expect(inbox.hmac_token).toEqual(expect.any(String));
      if (mode === "chatwoot") expect(inbox.selected_feature_flags).toEqual(["attachments", "emoji_picker", "end_conversation"]);
      else expect(inbox.selected_feature_flags).toEqual({ attachments: true, emoji_picker: true, end_conversation: true });
    });

    it("carries every field the spec documents for an inbox", async () => {
      const inbox = (await admin1.get(`${INBOXES}/2`)).body as Inbox;
      const documented = ["id", "name", "website_url", "channel_type", "avatar_url", "widget_color", "website_token", "enable_auto_assignment", "web_widget_script", "welcome_title", "welcome_tagline", "greeting_enabled", "greeting_message", "channel_id", "working_hours_enabled", "enable_email_collect", "csat_survey_enabled", "auto_assignment_config", "out_of_office_message", "working_hours", "timezone", "callback_webhook_url", "allow_messages_after_resolved", "lock_to_single_conversation", "sender_name_type", "business_name", "hmac_mandatory", "selected_feature_flags", "reply_time", "messaging_service_sid", "phone_number", "medium", "provider"];
      for (const key of documented) expect(inbox).toHaveProperty(key);
      expect(inbox).toMatchObject({ channel_type: "Channel::Api", website_token: null, webhook_url: "https://hooks.acme.test/chatwoot" });
      expect(inbox.working_hours).toHaveLength(7);
    });

    it("renders email channels with their addresses", async () => {
      expect((await admin1.get(`${INBOXES}/3`)).body).toMatchObject({ channel_type: "Channel::Email", email: "support@acme.test", forward_to_email: expect.stringContaining("@") });
    });

    it("lets an agent read an inbox they are a member of, without the HMAC token", async () => {
      const answer = await agent1.get(`${INBOXES}/1`);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty("hmac_token");
    });

    it("answers 401 to an agent who is not a member", async () => {
      const answer = await agent1.get(`${INBOXES}/2`);
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
    });

    it("answers 404 for an unknown inbox and for another account's inbox", async () => {
      for (const id of [99, 4]) {
        const answer = await admin1.get(`${INBOXES}/${id}`);
        expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
      }
    });
  });
});
