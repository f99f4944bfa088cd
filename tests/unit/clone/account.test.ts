/** Reading an account through a client: what is asked for, what is kept, and what fails the export. */
import type { ApiClient, ApiRequest } from "../../../provider/http/client";
import { ChatwootApiError } from "../../../provider/http/errors";
import { readAccount } from "../../../sdk/clone/account";
import { RESOURCE_TYPES, type TypeName } from "../../../sdk/clone/resource-types";

const definition = (id: number, model: string) => ({ id, attribute_key: `k${id}`, attribute_model: model, attribute_display_name: "K", attribute_display_type: "text", default_value: null });

/** A server answering each listed path (query aside) with a body, or failing with a status. */
function server(answers: Record<string, unknown | ((req: ApiRequest) => unknown)>) {
  const sent: ApiRequest[] = [];
  const client: ApiClient = {
    async send(req) {
      sent.push(req);
      const answer = answers[req.path];
      const body = typeof answer === "function" ? answer(req) : answer;
      if (typeof body === "number") throw new ChatwootApiError({ kind: "http", method: req.method, path: req.path, status: body, writeOutcome: "not-applied" });
      return { status: 200, body: body ?? [] };
    },
  };
  return { client, sent };
}

const ALL = new Set<TypeName>(RESOURCE_TYPES.map((t) => t.sdkClass));
const at = (path: string) => `/api/v1/accounts/1/${path}`;

test("custom attributes are asked for per model, each definition kept once", async () => {
  const { client, sent } = server({
    [at("custom_attribute_definitions")]: (req: ApiRequest) =>
      // An older server lists conversation attributes whatever model is asked for.
      [definition(1, "conversation_attribute"), ...(req.query?.attribute_model === "contact_attribute" ? [definition(2, "contact_attribute")] : [])],
  });
  const snapshot = await readAccount(client, 1, { types: new Set(["CustomAttributeDefinition"]) });
  expect(snapshot.attributes.map((d) => d.id)).toEqual([1, 2]);
  expect(sent.filter((r) => r.path.endsWith("custom_attribute_definitions")).map((r) => r.query?.attribute_model)).toEqual([
    "conversation_attribute",
    "contact_attribute",
    "company_attribute",
  ]);
});

test.each([422, 500])("a server that fails on company attributes (%d) has none; the other models are kept", async (status) => {
  const { client } = server({
    [at("custom_attribute_definitions")]: (req: ApiRequest) => (req.query?.attribute_model === "company_attribute" ? status : [definition(1, "conversation_attribute")]),
  });
  expect((await readAccount(client, 1, { types: new Set(["CustomAttributeDefinition"]) })).attributes).toHaveLength(1);
});

test("a refused token fails the read on the first request", async () => {
  const { client, sent } = server({ [at("agents")]: 401 });
  await expect(readAccount(client, 1, { types: ALL })).rejects.toMatchObject({ status: 401, path: at("agents") });
  expect(sent).toHaveLength(1);
});

test("the account's own bots are kept, not the system bots it lists; --platform asks which its app made", async () => {
  const { client, sent } = server({
    [at("agent_bots")]: [
      { id: 1, name: "Ours", account_id: 1 },
      { id: 4, name: "Made in the dashboard", account_id: 1 },
      { id: 3, name: "System", account_id: null },
    ],
    // A Platform App sees the bots it made, of every account.
    "/platform/api/v1/agent_bots": [
      { id: 1, name: "Ours", account_id: 1 },
      { id: 2, name: "Theirs", account_id: 2 },
    ],
  });
  const plain = await readAccount(client, 1, { types: new Set(["AgentBot"]) });
  expect(plain.agentBots.map((b) => b.id)).toEqual([1, 4]);
  expect([...plain.platformBotIds]).toEqual([]);
  expect(sent.map((r) => r.path)).not.toContain("/platform/api/v1/agent_bots");
  const withPlatform = await readAccount(client, 1, { types: new Set(["AgentBot"]), platform: true });
  expect([...withPlatform.platformBotIds]).toEqual([1]);
});

test("the account itself is read for its settings, and its agents are counted as a kind", async () => {
  const { client } = server({
    [at("agents")]: [{ id: 11, email: "bob@acme.test" }, { id: 12, email: null }],
    "/api/v1/accounts/1": { id: 1, name: "Acme", settings: { auto_resolve_after: 60 } },
  });
  const progress: string[] = [];
  const snapshot = await readAccount(client, 1, { types: new Set(["Agent", "AccountSettings"]), progress: (type, n) => progress.push(`${type} ${n}`) });
  expect(snapshot.account).toMatchObject({ name: "Acme", settings: { auto_resolve_after: 60 } });
  expect(progress).toEqual(["Agent 1", "AccountSettings 1"]);
  expect((await readAccount(client, 1, { types: new Set(["Label"]) })).account).toBeNull();
});

test("kinds not asked for are not read; inboxes always read their bot, members only with inbox-members", async () => {
  const inboxes = [{ id: 5, name: "Web", channel_type: "Channel::Api" }];
  const { client, sent } = server({
    [at("inboxes")]: inboxes,
    [at("inboxes/5/agent_bot")]: { agent_bot: { id: 9 } },
    [at("inbox_members/5")]: { payload: [{ id: 11 }] },
  });
  const progress: string[] = [];
  const snapshot = await readAccount(client, 1, { types: new Set(["Inbox"]), progress: (type, n) => progress.push(`${type} ${n}`) });
  expect(snapshot.inboxes).toEqual([expect.objectContaining({ botId: 9, memberIds: [] })]);
  expect(sent.map((r) => r.path)).toEqual([at("agents"), at("inboxes"), at("inboxes/5/agent_bot")]);
  expect(progress).toEqual(["Inbox 1"]);

  const withMembers = await readAccount(server({ [at("inboxes")]: inboxes, [at("inbox_members/5")]: { payload: [{ id: 11 }] } }).client, 1, {
    types: new Set(["Inbox", "InboxMembership"]),
  });
  expect(withMembers.inboxes[0]?.memberIds).toEqual([11]);
});
