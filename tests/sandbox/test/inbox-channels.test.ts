import { outcome, seedClients, useSandbox } from "./http";

const INBOXES = "/api/v1/accounts/1/inboxes";
const INBOXES_2 = "/api/v1/accounts/2/inboxes";
const INTERNAL = { status: 500, error: "Internal Server Error" };

type Inbox = Record<string, unknown> & { id: number; name: string };

// Credentials of the tests' own invention: never printed (assertions on them are booleans).
const IMAP_PASSWORD = "imap-pass-4c1d2e";
const SMTP_PASSWORD = "smtp-pass-9f8e7d";
const BOT_TOKEN = "123456789:AAE_sandboxBotKeyThatIsLongEnough42";
const LINE = { line_channel_id: "1650000000", line_channel_secret: "line-secret-77aa", line_channel_token: "line-token-88bb" };
const WA_KEY = "wa-key-5e6f7a8b";

const MAIL = {
  imap_enabled: true, imap_address: "imap.acme.test", imap_port: 993, imap_login: "support@acme.test", imap_password: IMAP_PASSWORD,
  smtp_enabled: true, smtp_address: "smtp.acme.test", smtp_port: 587, smtp_login: "support@acme.test", smtp_password: SMTP_PASSWORD,
};

describe("inbox channels with third-party credentials, and the inbox settings that refer to other objects", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const snapshot = () => sandbox().control.snapshot();
  const rowOf = (id: number) => snapshot().inboxes.find((inbox) => inbox.id === id);
  const create = async (body: unknown) => {
    const answer = await admin1.post(INBOXES, body);
    if (answer.status !== 200) throw new Error(`create answered ${answer.status}: ${answer.text}`);
    return answer.body as Inbox;
  };
  /** Whether the text holds the value (a boolean, so a failing assertion never prints a credential). */
  const holds = (text: string, value: string) => text.includes(value);

  describe("e-mail", () => {
    it("creates with IMAP and SMTP settings; administrators are shown them, passwords included, agents are not", async () => {
      const inbox = await create({ name: "Support", channel: { type: "email", email: "help@acme.test", ...MAIL } });
      expect(inbox).toMatchObject({ channel_type: "Channel::Email", email: "help@acme.test", forwarding_enabled: true, forward_to_email: expect.stringMatching(/@inbound\.sandbox\.test$/), imap_address: "imap.acme.test", imap_port: 993, smtp_enabled: true });
      expect(inbox.imap_password === IMAP_PASSWORD && inbox.smtp_password === SMTP_PASSWORD).toBe(true);
      await admin1.post("/api/v1/accounts/1/inbox_members", { inbox_id: inbox.id, user_ids: [2] });
      const seenByAgent = (await agent1.get(`${INBOXES}/${inbox.id}`)).body as Inbox;
      expect(seenByAgent.email).toBe("help@acme.test");
      expect(Object.keys(seenByAgent).filter((k) => /^(imap|smtp)_/.test(k))).toEqual([]);
      // Kept apart: not in snapshots, filtered in the request log, searchable among the secrets.
      expect(holds(JSON.stringify(snapshot()), IMAP_PASSWORD) || holds(JSON.stringify(snapshot()), SMTP_PASSWORD)).toBe(false);
      expect(holds(JSON.stringify(sandbox().control.log()), IMAP_PASSWORD)).toBe(false);
      expect(sandbox().control.log()[0]?.body).toMatchObject({ channel: { imap_password: "[FILTERED]", smtp_password: "[FILTERED]" } });
      expect([IMAP_PASSWORD, SMTP_PASSWORD].every((p) => sandbox().control.secrets().includes(p))).toBe(true);
    });

    it("keeps addresses unique across the installation, and needs one (a NOT NULL column: 500)", async () => {
      await create({ name: "Support", channel: { type: "email", email: "help@acme.test" } });
      expect(outcome(await admin2.post(INBOXES_2, { name: "Globex", channel: { type: "email", email: "help@acme.test" } }))).toEqual([422, { message: "Email has already been taken", attributes: ["email"] }]);
      expect(outcome(await admin1.post(INBOXES, { name: "No address", channel: { type: "email" } }))).toEqual([500, INTERNAL]);
    });

    it("tests the mail server with the request's own values when an update switches it on, and answers 422 after applying the change", async () => {
      const inbox = await create({ name: "Support", channel: { type: "email", email: "help@acme.test" } });
      const unreachable = await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { ...MAIL, imap_address: "imap.acme.invalid" } });
      expect(unreachable.status).toBe(422);
      expect(unreachable.body).toEqual({ message: expect.stringContaining("imap.acme.invalid") });
      // Upstream renders the 422 and goes on to update the channel all the same.
      expect(rowOf(inbox.id)).toMatchObject({ imap_address: "imap.acme.invalid", imap_enabled: true });
      // The stored password does not count: the check uses what the request carries.
      const withoutPassword = await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { imap_enabled: true, imap_address: "imap.acme.test", imap_port: 993, imap_login: "support@acme.test" } });
      expect(outcome(withoutPassword)).toEqual([422, { message: "The IMAP server refused the login: check the login and password" }]);
      expect((await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: MAIL })).status).toBe(200);
      // Without the switch in the request, nothing is tested.
      expect((await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { imap_address: "imap.acme.invalid" } })).status).toBe(200);
    });
  });

  describe("Telegram", () => {
    it("creates with the bot's name from getMe, keeps the token out of every view, and a request's name wins", async () => {
      const named = await create({ name: "Telegram support", channel: { type: "telegram", bot_token: BOT_TOKEN } });
      expect(named).toMatchObject({ name: "Telegram support", channel_type: "Channel::Telegram", bot_name: "sandbox_123456789_bot" });
      expect(holds(JSON.stringify(named), BOT_TOKEN)).toBe(false);
      await admin1.delete(`${INBOXES}/${named.id}`);
      const unnamed = await create({ channel: { type: "telegram", bot_token: BOT_TOKEN } });
      expect(unnamed.name).toBe("sandbox_123456789_bot");
    });

    it("refuses a token Telegram does not know, and one another inbox uses", async () => {
      expect(outcome(await admin1.post(INBOXES, { name: "T", channel: { type: "telegram", bot_token: "not-a-token" } }))).toEqual([422, { message: "Bot token invalid token", attributes: ["bot_token"] }]);
      await create({ name: "T", channel: { type: "telegram", bot_token: BOT_TOKEN } });
      expect(outcome(await admin2.post(INBOXES_2, { name: "T", channel: { type: "telegram", bot_token: BOT_TOKEN } }))).toEqual([422, { message: "Bot token has already been taken", attributes: ["bot_token"] }]);
    });
  });

  describe("LINE and SMS", () => {
    it("creates a LINE inbox with its callback URL; a missing secret and a taken channel id are 422", async () => {
      const inbox = await create({ name: "LINE", channel: { type: "line", ...LINE } });
      // _inbox.json.jbuilder (fd5ac2a8a) renders no line_channel_id: the callback URL carries it.
      expect(inbox).toMatchObject({ channel_type: "Channel::Line", callback_webhook_url: `${sandbox().url}/webhooks/line/1650000000` });
      expect(inbox).not.toHaveProperty("line_channel_id");
      expect(holds(JSON.stringify(inbox), LINE.line_channel_secret) || holds(JSON.stringify(inbox), LINE.line_channel_token)).toBe(false);
      expect(outcome(await admin1.post(INBOXES, { name: "L", channel: { type: "line", line_channel_id: "17", line_channel_token: "t" } }))).toEqual([422, { message: "Line channel secret can't be blank", attributes: ["line_channel_secret"] }]);
      expect((await admin1.post(INBOXES, { name: "L2", channel: { type: "line", ...LINE } })).body).toMatchObject({ message: "Line channel has already been taken" });
    });

    it("creates an SMS inbox whose provider config is never shown; the number is required and unique", async () => {
      const inbox = await create({ name: "SMS", channel: { type: "sms", phone_number: "+4930123456", provider_config: { account_id: "99", application_id: "app", api_key: "k-1a2b3c", api_secret: "s-4d5e6f" } } });
      expect(inbox).toMatchObject({ channel_type: "Channel::Sms", phone_number: "+4930123456", provider: "default", callback_webhook_url: `${sandbox().url}/webhooks/sms/4930123456` });
      expect(inbox).not.toHaveProperty("provider_config");
      expect(rowOf(inbox.id)?.provider_config).toEqual({ account_id: "99", application_id: "app" });
      expect(outcome(await admin1.post(INBOXES, { name: "S", channel: { type: "sms" } }))).toEqual([422, { message: "Phone number can't be blank", attributes: ["phone_number"] }]);
      expect((await admin1.post(INBOXES, { name: "S", channel: { type: "sms", phone_number: "+4930123456" } })).body).toMatchObject({ message: "Phone number has already been taken" });
    });
  });

  describe("WhatsApp", () => {
    const CLOUD = { type: "whatsapp", phone_number: "+4915112345678", provider: "whatsapp_cloud", provider_config: { api_key: WA_KEY, phone_number_id: "111", business_account_id: "222" } };

    it("creates a Cloud API number: the config is checked with Meta, a verify token is made, administrators see the config", async () => {
      const inbox = await create({ name: "WhatsApp", channel: CLOUD });
      expect(inbox).toMatchObject({ channel_type: "Channel::Whatsapp", provider: "whatsapp_cloud", message_templates: [], callback_webhook_url: `${sandbox().url}/webhooks/whatsapp/+4915112345678` });
      const config = inbox.provider_config as Record<string, unknown>;
      expect(config).toMatchObject({ phone_number_id: "111", business_account_id: "222", webhook_verify_token: expect.any(String) });
      expect(config.api_key === WA_KEY).toBe(true);
      expect(sandbox().control.secrets()).toContain(config.webhook_verify_token);
      await admin1.post("/api/v1/accounts/1/inbox_members", { inbox_id: inbox.id, user_ids: [2] });
      expect((await agent1.get(`${INBOXES}/${inbox.id}`)).body).not.toHaveProperty("provider_config");
    });

    it("replaces the provider config whole on update: a verify token left out is made anew", async () => {
      const inbox = await create({ name: "WhatsApp", channel: CLOUD });
      const token = (inbox.provider_config as Record<string, unknown>).webhook_verify_token;
      const kept = (await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { provider_config: { ...CLOUD.provider_config, webhook_verify_token: token, api_key: "wa-key-new" } } })).body as Inbox;
      expect((kept.provider_config as Record<string, unknown>).webhook_verify_token).toBe(token);
      const replaced = (await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { provider_config: { api_key: "wa-key-new", business_account_id: "222" } } })).body as Inbox;
      expect(replaced.provider_config).toEqual({ api_key: "wa-key-new", business_account_id: "222", webhook_verify_token: expect.any(String) });
      expect((replaced.provider_config as Record<string, unknown>).webhook_verify_token).not.toBe(token);
    });

    it("refuses a config the provider does not accept, and a provider Chatwoot does not know", async () => {
      const invalid = [422, { message: "Provider config Invalid Credentials", attributes: ["provider_config"] }];
      expect(outcome(await admin1.post(INBOXES, { name: "W", channel: { ...CLOUD, provider_config: { phone_number_id: "1", business_account_id: "2" } } }))).toEqual(invalid);
      expect(outcome(await admin1.post(INBOXES, { name: "W", channel: { ...CLOUD, provider_config: { api_key: WA_KEY } } }))).toEqual(invalid);
      expect(outcome(await admin1.post(INBOXES, { name: "W", channel: { ...CLOUD, provider: "twilio" } }))).toEqual([422, { message: "Provider is not included in the list", attributes: ["provider"] }]);
      // 360dialog (the default provider) needs the key only.
      expect((await admin1.post(INBOXES, { name: "W", channel: { type: "whatsapp", phone_number: "+4915100000000", provider_config: { api_key: WA_KEY } } })).status).toBe(200);
    });
  });

  describe("web widget and API channel settings", () => {
    it("stores allowed domains as one text and the pre-chat form as sent; a form without fields becomes the default form", async () => {
      const fields = [{ field_type: "contact_attribute", name: "plan", label: "Plan", type: "list", values: ["free", "pro"], required: true, enabled: true }];
      const inbox = await create({
        name: "Site",
        channel: { type: "web_widget", website_url: "https://acme.test", allowed_domains: "acme.test, *.acme.test", pre_chat_form_options: { pre_chat_message: "Tell us", pre_chat_fields: fields } },
      });
      expect(inbox).toMatchObject({ allowed_domains: "acme.test, *.acme.test", pre_chat_form_options: { pre_chat_message: "Tell us", pre_chat_fields: fields } });
      const emptied = (await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { pre_chat_form_options: { pre_chat_message: "Only a message", pre_chat_fields: [] } } })).body as Inbox;
      expect(emptied.pre_chat_form_options).toEqual({
        pre_chat_message: "Share your queries or comments here.",
        pre_chat_fields: [
          { field_type: "standard", label: "Email Id", name: "emailAddress", type: "email", required: true, enabled: false },
          { field_type: "standard", label: "Full name", name: "fullName", type: "text", required: false, enabled: false },
          { field_type: "standard", label: "Phone number", name: "phoneNumber", type: "text", required: false, enabled: false },
        ],
      });
    });

    it("replaces an API channel's additional attributes whole, and refuses a reply window that is not a positive number of hours", async () => {
      const inbox = await create({ name: "Backend", channel: { type: "api", additional_attributes: { agent_reply_time_window: 24, region: "eu" } } });
      expect(inbox.additional_attributes).toEqual({ agent_reply_time_window: 24, region: "eu" });
      expect(((await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { additional_attributes: { region: "us" } } })).body as Inbox).additional_attributes).toEqual({ region: "us" });
      expect(outcome(await admin1.patch(`${INBOXES}/${inbox.id}`, { channel: { additional_attributes: { agent_reply_time_window: 0 } } }))).toEqual([
        422,
        { message: "Agent reply time window agent_reply_time_window must be greater than 0", attributes: ["agent_reply_time_window"] },
      ]);
    });
  });

  describe("CSAT config", () => {
    const config = { display_type: "star", message: "How did we do?", survey_rules: { operator: "does_not_contain", values: ["spam"] } };

    it("stores a create's config as sent, and formats an update's: defaults for the keys left out, the template only when sent", async () => {
      const inbox = await create({ name: "CSAT", channel: { type: "api" }, csat_survey_enabled: true, csat_config: { display_type: "star" } });
      expect(inbox.csat_config).toEqual({ display_type: "star" });
      const template = { name: "csat_survey", template_id: "9", language: "en", status: "APPROVED" };
      const withTemplate = (await admin1.patch(`${INBOXES}/${inbox.id}`, { csat_config: { ...config, template } })).body as Inbox;
      expect(withTemplate.csat_config).toEqual({ ...config, button_text: "Please rate us", language: "en", template });
      const updated = (await admin1.patch(`${INBOXES}/${inbox.id}`, { csat_config: { message: "Rate us" } })).body as Inbox;
      expect(updated.csat_config).toEqual({ display_type: "emoji", message: "Rate us", survey_rules: { operator: "contains", values: [] }, button_text: "Please rate us", language: "en" });
      // Blank configs are no update of it.
      for (const blank of [{}, null]) expect(((await admin1.patch(`${INBOXES}/${inbox.id}`, { csat_config: blank, name: "CSAT 2" })).body as Inbox).csat_config).toEqual(updated.csat_config);
    });
  });

  describe("help center", () => {
    const portal = async (slug: string, admin = admin1, account = 1) =>
      ((await admin.post(`/api/v1/accounts/${account}/portals`, { name: `Help ${slug}`, slug })).body as { id: number }).id;

    it("links a portal by id and shows it as help_center {name, slug}; null unlinks, an id no portal has is a 500", async () => {
      const id = await portal("help");
      const linked = (await admin1.patch(`${INBOXES}/2`, { portal_id: id })).body as Inbox;
      expect(linked.help_center).toEqual({ name: "Help help", slug: "help" });
      expect(linked).not.toHaveProperty("portal_id");
      expect(rowOf(2)?.portal_id).toBe(id);
      expect((await admin1.patch(`${INBOXES}/2`, { portal_id: null })).body).not.toHaveProperty("help_center");
      expect(outcome(await admin1.patch(`${INBOXES}/2`, { portal_id: 999 }))).toEqual([500, INTERNAL]);
      expect(rowOf(2)?.portal_id).toBeNull();
    });

    it("takes another account's portal, as upstream does not scope the link", async () => {
      const foreign = await portal("globex-help", admin2, 2);
      expect(((await admin1.patch(`${INBOXES}/2`, { portal_id: foreign })).body as Inbox).help_center).toEqual({ name: "Help globex-help", slug: "globex-help" });
    });
  });
});
