/**
 * The pure parts of the Inbox resource's new settings: credential digests and their comparison,
 * the CSAT config's whole-object form, and the request body of a channel (the server's own forms,
 * a mail server's settings sent together, a provider config sent whole).
 */
import { channelBody, normalizeChannel, type InboxChannel } from "../../../provider/resources/inbox/channel";
import { changedCredentials, credentialOutputs, digestMatches, digestOf, isDigest, normalizeCredentials } from "../../../provider/resources/inbox/credentials";
import { csatConfigBody, csatConfigOutput, normalizeCsatConfig } from "../../../provider/resources/inbox/csat";

describe("credential digests", () => {
  it("match the value they were made of and no other; two digests of one value differ (salted)", () => {
    const a = digestOf("s3cret");
    const b = digestOf("s3cret");
    expect([isDigest(a), a === b, a.includes("s3cret")]).toEqual([true, false, false]);
    expect([digestMatches(a, "s3cret"), digestMatches(b, "s3cret"), digestMatches(a, "s3cret ")]).toEqual([true, true, false]);
  });

  it("never match what is not a digest, and never throw on a malformed one", () => {
    const refused = ["scrypt$3$8$c2FsdA==$aGFzaA==", "scrypt$1073741824$8$c2FsdA==$aGFzaA=="];
    for (const stored of [null, undefined, 3, "s3cret", "scrypt$x$y$z$w", "scrypt$16384$8$$", { a: 1 }, ...refused]) expect(digestMatches(stored, "s3cret")).toBe(false);
    expect(digestMatches(digestOf("s3cret"), undefined)).toBe(false);
  });

  it("compare a program's credentials with the last outputs' digests, key by key, without the values", () => {
    const held = { imapPassword: digestOf("old"), smtpPassword: digestOf("same") };
    const desired = { imapPassword: "new", smtpPassword: "same" };
    expect(normalizeCredentials(desired, desired)).toEqual({ imapPassword: true, smtpPassword: true });
    expect(normalizeCredentials(held, desired)).toEqual({ imapPassword: false, smtpPassword: true });
    expect(changedCredentials(desired, held)).toEqual(["imapPassword"]);
    // A credential the outputs do not hold (a new one, or adoption's unknown) is a change.
    expect(changedCredentials({ botToken: "t" }, { botToken: null })).toEqual(["botToken"]);
    expect(changedCredentials({ botToken: "t" }, null)).toEqual(["botToken"]);
  });

  it("make outputs of what the server shows, else of what was sent; keep a digest that still matches", () => {
    const previous = digestOf("p1");
    const shown = (values: Record<string, string>) => (path: string) => values[path];
    const fromServer = credentialOutputs({ type: "email", given: { imapPassword: "p1", smtpPassword: "p2" }, shown: shown({ imap_password: "changed-by-hand" }), previous: { imapPassword: previous }, sent: true });
    expect(digestMatches(fromServer?.imapPassword, "changed-by-hand")).toBe(true);
    // The server shows no SMTP password: the digest is of the value sent.
    expect(digestMatches(fromServer?.smtpPassword, "p2")).toBe(true);
    const kept = credentialOutputs({ type: "email", given: { imapPassword: "p1" }, shown: shown({ imap_password: "p1" }), previous: { imapPassword: previous }, sent: true });
    expect(kept?.imapPassword).toBe(previous);
    // A Telegram token is never shown: before it was sent (adoption) it is unknown.
    expect(credentialOutputs({ type: "telegram", given: { botToken: "t" }, shown: shown({ bot_token: "t" }), sent: false })).toEqual({ botToken: null });
    // A read keeps the digests it was given.
    const digest = digestOf("t");
    expect(credentialOutputs({ type: "telegram", given: { botToken: digest }, shown: shown({}), sent: true })).toEqual({ botToken: digest });
    expect(credentialOutputs({ type: "telegram", given: undefined, shown: shown({}), sent: true })).toBeNull();
  });
});

describe("CSAT config", () => {
  it("compares with Chatwoot's defaults in place of the keys left out, labels as a lower-case set, the template aside", () => {
    const formatted = { displayType: "emoji", message: "", buttonText: "Please rate us", language: "en", surveyRules: { operator: "contains", values: [] } };
    expect(normalizeCsatConfig({})).toEqual(formatted);
    expect(normalizeCsatConfig(null)).toEqual(formatted);
    expect(normalizeCsatConfig({ surveyRules: { values: ["VIP", "billing", "vip"] }, template: { name: "t" } })).toEqual({ ...formatted, surveyRules: { operator: "contains", values: ["billing", "vip"] } });
  });

  it("sends every key, and the template the inbox holds", () => {
    const template = { name: "csat", template_id: "9" };
    expect(csatConfigBody({ displayType: "star" }, { template })).toEqual({
      display_type: "star",
      message: "",
      button_text: "Please rate us",
      language: "en",
      survey_rules: { operator: "contains", values: [] },
      template,
    });
    expect(csatConfigBody({}, { template: null })).not.toHaveProperty("template");
    expect(csatConfigOutput({ display_type: "star", survey_rules: { values: ["a"] }, template: { created_at: "x" } })).toEqual({ displayType: "star", surveyRules: { values: ["a"] }, template: { created_at: "x" } });
  });
});

describe("a channel's request body", () => {
  const imap = { type: "email", email: "a@acme.test", imapEnabled: true, imapAddress: "imap.acme.test", imapPort: 993, imapLogin: "a", smtpEnabled: false, smtpPort: 25 } as const;

  it("sends a switched-on mail server's settings and password together when any of them changes", () => {
    const body = channelBody({ channel: imap, fields: ["imapPort"], credentials: { imapPassword: "p" }, sendCredentials: [] });
    expect(body).toEqual({ imap_enabled: true, imap_address: "imap.acme.test", imap_port: 993, imap_login: "a", imap_password: "p" });
    // A server switched off is not tested by Chatwoot: only what changed goes.
    expect(channelBody({ channel: imap, fields: ["smtpPort"], credentials: { imapPassword: "p" }, sendCredentials: [] })).toEqual({ smtp_port: 25 });
  });

  it("sends a provider config whole: the managed keys, the credentials in it, and the other keys the server holds", () => {
    const whatsapp = { type: "whatsapp", providerConfig: { phoneNumberId: "333", businessAccountId: "222" } } as const;
    const held = { phone_number_id: "111", business_account_id: "222", api_key: "old", webhook_verify_token: "v" };
    expect(channelBody({ channel: whatsapp, fields: ["providerConfig"], credentials: { apiKey: "k" }, sendCredentials: [], heldConfig: held })).toEqual({
      provider_config: { phone_number_id: "333", business_account_id: "222", api_key: "k", webhook_verify_token: "v" },
    });
    // A changed secret alone sends the whole config too (Chatwoot replaces it whole).
    const sms = { type: "sms", providerConfig: { accountId: "9" } } as const;
    expect(channelBody({ channel: sms, fields: [], credentials: { apiKey: "k", apiSecret: "s2" }, sendCredentials: ["apiSecret"] })).toEqual({
      provider_config: { account_id: "9", api_key: "k", api_secret: "s2" },
    });
  });

  it("writes allowed domains as one text and the pre-chat form with the server's keys", () => {
    const widget: InboxChannel = {
      type: "web_widget",
      allowedDomains: ["acme.test", "*.acme.test"],
      preChatFormOptions: { preChatMessage: "Hi", preChatFields: [{ fieldType: "contact_attribute", name: "plan", regexPattern: "^p" }] },
    };
    expect(channelBody({ channel: widget, fields: ["allowedDomains", "preChatFormOptions"], sendCredentials: [] })).toEqual({
      allowed_domains: "acme.test, *.acme.test",
      pre_chat_form_options: { pre_chat_message: "Hi", pre_chat_fields: [{ field_type: "contact_attribute", name: "plan", regex_pattern: "^p" }] },
    });
  });

  it("compares allowed domains as a set and a pre-chat field's flags left out as false", () => {
    const desired = { type: "web_widget", allowedDomains: ["b.test", "a.test"], preChatFormOptions: { preChatFields: [{ fieldType: "standard", name: "fullName" }] } };
    const held = { type: "web_widget", allowedDomains: ["A.test", "b.test"], preChatFormOptions: { preChatFields: [{ fieldType: "standard", name: "fullName", required: false, enabled: false, values: [] }] } };
    expect(normalizeChannel(held, desired)).toEqual(normalizeChannel(desired, desired));
    expect(normalizeChannel({ ...held, allowedDomains: ["a.test"] }, desired)).not.toEqual(normalizeChannel(desired, desired));
  });
});
