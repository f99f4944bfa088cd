import { redactSecrets } from "../../../provider/http/redaction/secrets";
import { InboxWire } from "../../../provider/wire/inbox";
import { AgentBotWire } from "../../../provider/wire/agent-bot";
import { PortalWire } from "../../../provider/wire/portal";
import { WebhookWire } from "../../../provider/wire/webhook";
import { IntegrationHookWire } from "../../../provider/wire/integration-hook";
import { Members } from "../../../provider/lifecycle/membership";
import { list, single } from "../../../provider/wire/envelope";
import { fakeToken } from "../http/support/secrets";

/** Each credential a server sends, in the answer that carries it: [what, answer for a token]. */
const ANSWERS: [string, (token: string) => { schema: { parse(v: unknown): unknown }; body: unknown }][] = [
  ["a bot's access token", (t) => ({ schema: single(AgentBotWire), body: { id: 1, name: "b", access_token: t } })],
  ["a bot's access token in a list", (t) => ({ schema: list(AgentBotWire), body: [{ id: 1, name: "b", access_token: t }] })],
  ["a bot's access token as a whole record (builds before AgentBotPresenter)", (t) => ({ schema: single(AgentBotWire), body: { id: 1, access_token: { id: 9, token: t } } })],
  ["an inbox's website token", (t) => ({ schema: single(InboxWire), body: { id: 2, website_token: t } })],
  ["an inbox's HMAC token", (t) => ({ schema: single(InboxWire), body: { payload: { id: 2, hmac_token: t } } })],
  ["a webhook's secret", (t) => ({ schema: WebhookWire, body: { id: 3, url: "https://x.test", secret: t } })],
  ["the website token of a portal's inbox", (t) => ({ schema: PortalWire, body: { id: 4, slug: "help", inbox: { id: 2, website_token: t } } })],
  // A capacity policy's users come as the _user partial.
  ["a user's access token in a member list", (t) => ({ schema: Members, body: [{ id: 7, name: "a", access_token: t }] })],
  ["a user's pubsub token in a member list", (t) => ({ schema: Members, body: [{ id: 7, name: "a", pubsub_token: t }] })],
  // The _hook partial shows administrators the settings whole.
  ["a hook's API key", (t) => ({ schema: IntegrationHookWire, body: { id: 5, app_id: "openai", settings: { api_key: t } } })],
  ["a hook's access key", (t) => ({ schema: IntegrationHookWire, body: { id: 5, app_id: "leadsquared", settings: { access_key: t, secret_key: "s" } } })],
  ["a text inside a hook's key file", (t) => ({ schema: IntegrationHookWire, body: { id: 5, app_id: "dialogflow", settings: { credentials: { type: "service_account", private_key_id: t } } } })],
  ["a secret nested deeper in a hook's settings", (t) => ({ schema: IntegrationHookWire, body: { id: 5, app_id: "slack", settings: { bot: { token: t } } } })],
];

describe("credential fields", () => {
  it.each(ANSWERS)("remember %s as the answer is parsed, for redaction", (_what, answer) => {
    const token = fakeToken("credential");
    expect(redactSecrets(`echo ${token.toUpperCase()}`)).not.toBe("echo [redacted]");
    const { schema, body } = answer(token);
    schema.parse(body);
    expect(redactSecrets(`echo ${token.toUpperCase()}`)).toBe("echo [redacted]");
  });

  it("read a bot's token record as its token", () => {
    expect(AgentBotWire.parse({ id: 1, access_token: { id: 9, owner_type: "AgentBot", token: "abc" } }).access_token).toBe("abc");
  });

  it("leave an absent credential absent", () => {
    expect(AgentBotWire.parse({ id: 1 })).not.toHaveProperty("access_token");
  });
});
