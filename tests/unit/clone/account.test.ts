/** Reading an account through a client: what is asked for, what is kept, and what fails the export. */
import type { ApiClient, ApiRequest } from "../../../provider/http/transport/client";
import { ChatwootApiError } from "../../../provider/http/transport/errors";
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

// app/views/api/v1/accounts/articles/_article.json.jbuilder at fd5ac2a8a renders no article's own link: its target lists it.
test("articles whose view renders no translation link take it from the article whose translations list them", async () => {
  const article = (id: number, extra: object) => ({ id, slug: `a${id}`, title: "T", content: "C", status: "published", category: { id: null, locale: null }, author: { id: 1 }, ...extra });
  const { client } = server({
    [at("portals")]: { payload: [{ id: 1, slug: "help", name: "Help", config: { allowed_locales: [{ code: "en" }] } }] },
    [at("portals/help/articles")]: (req: ApiRequest) =>
      req.query?.page === "1" ? { payload: [article(1, { associated_articles: [{ id: 2 }] }), article(2, { associated_articles: {} }), article(3, { associated_article_id: null })] } : { payload: [] },
  });
  const snapshot = await readAccount(client, 1, { types: new Set(["Portal", "PortalArticle"]) });
  expect(snapshot.articles.map((a) => [a.id, a.associated_article_id])).toEqual([
    [1, null],
    [2, 1],
    [3, null],
  ]);
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

describe("Enterprise kinds the server or the account lacks", () => {
  const refused = (req: ApiRequest, status: number, serverMessage: string) =>
    new ChatwootApiError({ kind: "http", method: req.method, path: req.path, status, serverMessage, body: "json", writeOutcome: "not-applied" });
  /** A server whose lists of `failing` (default: SLA policies and custom roles) fail with `status`, and whose account has `features` enabled. */
  const gated = (status: number, message: string, features: Record<string, boolean>, failing = ["sla_policies", "custom_roles"]) => {
    const client: ApiClient = {
      async send(req) {
        if (failing.some((path) => req.path === at(path))) throw refused(req, status, message);
        if (req.path === "/api/v1/accounts/1") return { status: 200, body: { id: 1, features } };
        // An integration app answers with the account's hooks of it (none).
        if (req.path.startsWith(at("integrations/apps/"))) return { status: 200, body: { id: req.path.split("/").pop(), hooks: [] } };
        // An account without SAML settings shows a blank object.
        if (req.path === at("saml_settings")) return { status: 200, body: { id: null, role_mappings: {} } };
        return { status: 200, body: req.path === at("automation_rules") ? { payload: [{ id: 3, name: "Gold SLA", actions: [{ action_name: "add_sla", action_params: [4] }] }] } : [] };
      },
    };
    return client;
  };

  test("a community server (routing 404, the account readable) has none: each is left out with the reason, nothing fails", async () => {
    const progress: string[] = [];
    const snapshot = await readAccount(gated(404, "Not Found", {}, ["sla_policies", "custom_roles", "saml_settings"]), 1, { types: ALL, progress: (type, n) => progress.push(`${type} ${n}`) });
    expect(snapshot.unavailable.map((u) => u.type)).toEqual(["SlaPolicy", "CustomRole", "SamlSettings"]);
    expect(snapshot.unavailable[2]?.reason).toMatch(/^this server has no SAML settings: they are a feature of Chatwoot's Enterprise edition/);
    expect(snapshot.unavailable[0]?.reason).toMatch(/^this server has no SLA policies: they are a feature of Chatwoot's Enterprise edition/);
    expect(progress).not.toContain("SlaPolicy 0");
    // What refers to a kind left out says it was not exported.
    expect(snapshot.types.has("SlaPolicy")).toBe(false);
    expect(snapshot.types.has("Label")).toBe(true);
  });

  test("an account whose flag is off (the role check's 401) has none, naming the flag", async () => {
    const snapshot = await readAccount(gated(401, "You are not authorized to do this action", { custom_roles: true }, ["sla_policies"]), 1, { types: ALL });
    expect(snapshot.unavailable).toEqual([{ type: "SlaPolicy", reason: expect.stringMatching(/^the account's "sla" feature is off/) }]);
  });

  test("an account whose saml flag is off (the guard's 403) has no SAML settings, naming the flag; one with settings has one", async () => {
    const off = await readAccount(gated(403, "SAML feature not enabled for this account", { sla: true, custom_roles: true }, ["saml_settings"]), 1, { types: ALL });
    expect(off.unavailable).toEqual([{ type: "SamlSettings", reason: expect.stringMatching(/^the account's "saml" feature is off/) }]);
    expect(off.samlSettings).toEqual([]);
    const blank = await readAccount(gated(401, "x", { sla: true, custom_roles: true }, []), 1, { types: ALL });
    expect([blank.unavailable, blank.samlSettings]).toEqual([[], []]);
  });

  test("a 401 with the flag on is the token's role: the read fails", async () => {
    await expect(readAccount(gated(401, "You are not authorized to do this action", { sla: true, custom_roles: true }), 1, { types: ALL })).rejects.toMatchObject({
      status: 401,
      path: at("sla_policies"),
    });
  });

  test("another failure (a 500) fails the read", async () => {
    await expect(readAccount(gated(500, "Internal Server Error", {}), 1, { types: ALL })).rejects.toMatchObject({ status: 500 });
  });
});

test("a portal's categories and articles are read portal by portal, every page of them, each marked with its portal", async () => {
  const articles = Array.from({ length: 27 }, (_, i) => ({ id: i + 1, slug: `a-${i + 1}`, title: "A", author: { id: 11 } }));
  const { client, sent } = server({
    [at("portals")]: { payload: [{ id: 7, slug: "help", name: "Help" }] },
    [at("portals/help/categories")]: { payload: [{ id: 3, slug: "billing", locale: "en", name: "Billing" }], meta: {} },
    [at("portals/help/articles")]: (req: ApiRequest) => ({ payload: articles.slice((Number(req.query?.page) - 1) * 25, Number(req.query?.page) * 25) }),
  });
  const snapshot = await readAccount(client, 1, { types: new Set(["PortalCategory", "PortalArticle"]) });
  // Portals are listed for their slugs, but not exported unless asked for.
  expect(snapshot.portals).toEqual([]);
  expect(snapshot.categories).toEqual([expect.objectContaining({ id: 3, portal_id: 7, portal_slug: "help" })]);
  expect(snapshot.articles.map((a) => a.id)).toEqual(articles.map((a) => a.id));
  expect(snapshot.articles[0]).toMatchObject({ portal_id: 7, portal_slug: "help", author_id: 11 });
  expect(sent.filter((r) => r.path === at("portals/help/articles")).map((r) => r.query?.page)).toEqual(["1", "2"]);
});

test("assignment policies are listed once for both kinds: each policy's inboxes are the inboxes' links", async () => {
  const policy = (id: number, inboxes: number[]) => ({ id, name: `P${id}`, assignment_order: "round_robin", inboxes: inboxes.map((i) => ({ id: i, name: `I${i}` })) });
  const { client, sent } = server({ [at("assignment_policies")]: [policy(1, [3, 5]), policy(2, [])] });
  const snapshot = await readAccount(client, 1, { types: new Set(["AssignmentPolicy", "InboxAssignmentPolicy"]) });
  expect(snapshot.assignmentPolicies.map((p) => p.id)).toEqual([1, 2]);
  expect(snapshot.inboxPolicies).toEqual([{ inboxId: 3, policyId: 1 }, { inboxId: 5, policyId: 1 }]);
  expect(sent.filter((r) => r.path === at("assignment_policies"))).toHaveLength(1);
  const links = await readAccount(server({ [at("assignment_policies")]: [policy(1, [3])] }).client, 1, { types: new Set(["InboxAssignmentPolicy"]) });
  expect([links.assignmentPolicies, links.inboxPolicies]).toEqual([[], [{ inboxId: 3, policyId: 1 }]]);
});

test("a server from before Assignment V2 (its route a 404) has no assignment policies: both kinds are unavailable, not a failure", async () => {
  const types = new Set<TypeName>(["Label", "AssignmentPolicy", "InboxAssignmentPolicy"]);
  // Rails' routing 404 is JSON (`{"status":404,"error":"Not Found"}`).
  const routing404 = (req: ApiRequest) => {
    throw new ChatwootApiError({ kind: "http", method: req.method, path: req.path, status: 404, body: "json", writeOutcome: "not-applied" });
  };
  const { client } = server({ [at("assignment_policies")]: routing404 });
  const snapshot = await readAccount(client, 1, { types });
  expect(snapshot.unavailable.map((u) => u.type)).toEqual(["AssignmentPolicy", "InboxAssignmentPolicy"]);
  expect([...snapshot.types]).toEqual(["Label"]);
  const other = await readAccount(server({ [at("assignment_policies")]: 500 }).client, 1, { types }).catch((err: unknown) => err);
  expect(other).toMatchObject({ status: 500 });
});
