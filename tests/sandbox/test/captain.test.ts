/**
 * Captain (Enterprise): assistants, scenarios, documents and an assistant's inboxes, each case
 * written from the upstream request spec it names (upstream at fd5ac2a8a,
 * spec/enterprise/controllers/api/v1/accounts/captain/), the answers as the partials of
 * enterprise/app/views/api/v1/models/captain render them.
 */
import { outcome, seedClients, useSandbox } from "./http";

const CAPTAIN = "/api/v1/accounts/1/captain";
const PLATFORM_ACCOUNT_1 = "/platform/api/v1/accounts/1";
const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };
type Row = { id: number } & Record<string, unknown>;

const helpdesk = {
  name: "Helpdesk",
  description: "Answers product questions",
  response_guidelines: ["Be helpful", "Be concise"],
  guardrails: ["No harmful content"],
  config: { product_name: "Acme", feature_faq: true, feature_citation: true, temperature: 0.3 },
};

describe("Captain (Enterprise)", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2, platform1 } = seedClients(sandbox);
  const assistant = async (body: Record<string, unknown> = helpdesk) => (await admin1.post(`${CAPTAIN}/assistants`, { assistant: body })).body as Row;

  // captain/feature_guard_spec.rb: without captain_integration every Captain route is 403, before the role check.
  it("answers 403 in an account without Captain, before authorization and lookups", async () => {
    sandbox().control.setFeatures(1, { captain_integration: false });
    const forbidden = [403, { error: "Captain is not enabled for this account" }];
    expect(outcome(await agent1.post(`${CAPTAIN}/assistants`, { assistant: helpdesk }))).toEqual(forbidden);
    expect(outcome(await admin1.get(`${CAPTAIN}/assistants/999/scenarios`))).toEqual(forbidden);
    expect(outcome(await admin1.get(`${CAPTAIN}/documents`))).toEqual(forbidden);
    sandbox().control.setFeatures(1, { captain_integration_v2: true });
    expect((await admin1.get(`${CAPTAIN}/assistants`)).status).toBe(200);
  });

  it("has no Captain routes on a community server (routing 404)", async () => {
    sandbox().control.setEdition("community");
    expect((await admin1.get(`${CAPTAIN}/assistants`)).status).toBe(404);
  });

  // assistants_controller_spec.rb: create, list with meta, show, update of the lists alone, delete (204); writes are administrators'.
  it("creates, lists, shows, updates and deletes assistants; agents only read", async () => {
    const a = await assistant();
    expect(a).toMatchObject({ ...helpdesk, account_id: 1, created_at: expect.any(Number), updated_at: expect.any(Number) });
    expect(outcome(await agent1.post(`${CAPTAIN}/assistants`, { assistant: helpdesk }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.patch(`${CAPTAIN}/assistants/999`, { assistant: { name: "x" } }))).toEqual([401, NOT_AUTHORIZED]);
    const b = await assistant({ name: "Sales", description: "Qualifies leads" });
    // db/schema.rb: guardrails and response_guidelines default to [].
    expect(b).toMatchObject({ config: {}, guardrails: [], response_guidelines: [] });
    expect(outcome(await agent1.get(`${CAPTAIN}/assistants`))).toEqual([200, { payload: [b, a], meta: { total_count: 2, page: 1 } }]);
    expect(outcome(await agent1.get(`${CAPTAIN}/assistants/${a.id}`))).toEqual([200, a]);
    const guidelines = (await admin1.patch(`${CAPTAIN}/assistants/${a.id}`, { assistant: { response_guidelines: ["New guideline only"] } })).body as Row;
    expect(guidelines).toMatchObject({ name: "Helpdesk", response_guidelines: ["New guideline only"], guardrails: ["No harmful content"], config: helpdesk.config });
    expect(outcome(await admin1.delete(`${CAPTAIN}/assistants/${b.id}`))).toEqual([204, undefined]);
    expect(outcome(await admin1.get(`${CAPTAIN}/assistants/${b.id}`))).toEqual([404, NOT_FOUND]);
    expect((await admin2.get(`/api/v1/accounts/2/captain/assistants/${a.id}`)).status).toBe(404);
  });

  // enterprise/app/models/captain/assistant.rb: name and description presence; update! replaces `config` with the permitted hash.
  it("requires a name and a description, and replaces the whole config on update", async () => {
    expect(outcome(await admin1.post(`${CAPTAIN}/assistants`, { assistant: { name: " " } }))).toEqual([
      422,
      { message: "Name can't be blank, Description can't be blank", attributes: ["name", "description"] },
    ]);
    const a = await assistant();
    // assistant_params' config keys at fd5ac2a8a do not include feature_contact_attributes.
    const updated = (await admin1.patch(`${CAPTAIN}/assistants/${a.id}`, { assistant: { config: { feature_citation: false, unknown_key: 1, feature_contact_attributes: true } } })).body as Row;
    expect(updated.config).toEqual({ feature_citation: false });
    // A flat JSON body is wrapped under `assistant` (its columns).
    expect(((await admin1.patch(`${CAPTAIN}/assistants/${a.id}`, { name: "Flat" })).body as Row).name).toBe("Flat");
  });

  // scenarios_controller_spec.rb: create (the sent tools ignored), index of enabled ones only, show of any, update, delete (204).
  it("keeps scenarios under their assistant, lists only enabled ones, and derives tools from the instruction", async () => {
    const a = await assistant();
    const at = `${CAPTAIN}/assistants/${a.id}/scenarios`;
    const refund = (await admin1.post(at, {
      scenario: { title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff) then [Note](tool://add_private_note)", tools: ["tool1"] },
    })).body as Row;
    expect(refund).toMatchObject({ tools: ["handoff", "add_private_note"], enabled: true, assistant_id: a.id, account_id: 1, assistant: { id: a.id, name: "Helpdesk" } });
    expect(typeof refund.created_at).toBe("string");
    const off = (await admin1.post(at, { scenario: { title: "Off", description: "d", instruction: "plain", enabled: false } })).body as Row;
    expect(off.tools).toBeNull();
    const listed = (await agent1.get(at)).body as { payload: Row[]; meta: unknown };
    expect(listed).toEqual({ payload: [refund], meta: { total_count: 1, page: 1 } });
    expect(outcome(await agent1.get(`${at}/${off.id}`))).toEqual([200, off]);
    expect(outcome(await agent1.post(at, { scenario: { title: "x" } }))).toEqual([401, NOT_AUTHORIZED]);
    const updated = (await admin1.patch(`${at}/${refund.id}`, { scenario: { title: "Updated", enabled: false, instruction: "no tools" } })).body as Row;
    expect(updated).toMatchObject({ title: "Updated", enabled: false, tools: null });
    expect((await admin1.get(`${CAPTAIN}/assistants/999/scenarios/${refund.id}`)).status).toBe(404);
    expect(outcome(await admin1.delete(`${at}/${refund.id}`))).toEqual([204, undefined]);
    expect((await admin1.get(`${at}/${refund.id}`)).status).toBe(404);
  });

  // enterprise/app/models/captain/scenario.rb: title, description, instruction presence; validate_instruction_tools.
  it("refuses blank fields and tools the assistant does not have", async () => {
    const at = `${CAPTAIN}/assistants/${(await assistant()).id}/scenarios`;
    expect(outcome(await admin1.post(at, { scenario: { title: "", description: "", instruction: "" } }))).toEqual([
      422,
      { message: "Title can't be blank, Description can't be blank, Instruction can't be blank", attributes: ["title", "description", "instruction"] },
    ]);
    expect(outcome(await admin1.post(at, { scenario: { title: "t", description: "d", instruction: "[X](tool://launch_rocket)" } }))).toEqual([
      422,
      { message: "Instruction contains invalid tools: launch_rocket", attributes: ["instruction"] },
    ]);
  });

  // scenario.rb `available_tool_ids`: the built-in tools and the account's enabled custom tools, by slug.
  it("takes a reference to an enabled custom tool of the account by its slug, and refuses a disabled one", async () => {
    const at = `${CAPTAIN}/assistants/${(await assistant()).id}/scenarios`;
    const tool = (await admin1.post(`${CAPTAIN}/custom_tools`, { custom_tool: { title: "Order status", endpoint_url: "https://api.acme.test/orders" } })).body as Row;
    const scenario = { title: "t", description: "d", instruction: `Look it up with [Order](tool://${String(tool.slug)})` };
    expect(outcome(await admin1.post(at, { scenario }))).toEqual([200, expect.objectContaining({ tools: [tool.slug] })]);
    await admin1.patch(`${CAPTAIN}/custom_tools/${String(tool.id)}`, { custom_tool: { enabled: false } });
    expect((await admin1.post(at, { scenario })).status).toBe(422);
  });

  // documents_controller_spec.rb: flat /captain/documents, document[assistant_id], 25 a page, ?assistant_id=, 204 on delete.
  it("creates documents under an assistant, crawls them, pages and filters the list", async () => {
    const a = await assistant();
    const b = await assistant({ name: "Other", description: "d" });
    const created = (await admin1.post(`${CAPTAIN}/documents`, { document: { name: "Guide", external_link: "https://acme.test/guide", assistant_id: a.id } })).body as Row;
    expect(created).toMatchObject({ status: "in_progress", content: null, external_link: "https://acme.test/guide", assistant: { id: a.id, name: "Helpdesk" }, account_id: 1 });
    // _document.json.jbuilder's keys, in order: an uploaded PDF's type and size (none), the link to show.
    expect(Object.keys(created)).toEqual(["account_id", "assistant", "content", "content_type", "created_at", "external_link", "display_url", "file_size", "id", "name", "status", "updated_at"]);
    expect(created).toMatchObject({ content_type: null, display_url: "https://acme.test/guide", file_size: null });
    // The crawl job has run by the next request: the server's content, status available.
    const shown = (await agent1.get(`${CAPTAIN}/documents/${created.id}`)).body as Row;
    expect(shown.status).toBe("available");
    expect(String(shown.content).length).toBeGreaterThan(5000);
    for (let i = 0; i < 26; i++) await admin1.post(`${CAPTAIN}/documents`, { document: { external_link: `https://acme.test/${i}`, assistant_id: b.id } });
    const page = async (query: string) => (await agent1.get(`${CAPTAIN}/documents?${query}`)).body as { payload: Row[]; meta: unknown };
    expect((await page("")).payload).toHaveLength(25);
    expect((await page("page=2")).meta).toEqual({ total_count: 27, page: 2 });
    expect((await page(`assistant_id=${a.id}`)).payload.map((d) => d.id)).toEqual([created.id]);
    expect(outcome(await agent1.delete(`${CAPTAIN}/documents/${created.id}`))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await admin1.delete(`${CAPTAIN}/documents/${created.id}`))).toEqual([204, undefined]);
    expect(outcome(await admin1.delete(`${CAPTAIN}/documents/invalid_id`))).toEqual([404, NOT_FOUND]);
  });

  // documents_controller.rb: "Missing Assistant"; enterprise/app/models/captain/document.rb: external_link presence and uniqueness per assistant.
  it("refuses a document without an assistant, without a link, or with a link the assistant has", async () => {
    const a = await assistant();
    const post = (document: Record<string, unknown>) => admin1.post(`${CAPTAIN}/documents`, { document });
    expect(outcome(await post({ name: "Test Document", external_link: "https://example.com/doc" }))).toEqual([422, { error: "Missing Assistant" }]);
    expect(outcome(await post({ assistant_id: 999, external_link: "https://example.com/doc" }))).toEqual([422, { error: "Missing Assistant" }]);
    expect(outcome(await post({ assistant_id: a.id, external_link: " " }))).toEqual([422, { error: "External link can't be blank" }]);
    await post({ assistant_id: a.id, external_link: "https://acme.test/faq" });
    expect(outcome(await post({ assistant_id: a.id, external_link: "https://acme.test/faq" }))).toEqual([422, { error: "External link has already been taken" }]);
    const b = await assistant({ name: "Other", description: "d" });
    expect((await post({ assistant_id: b.id, external_link: "https://acme.test/faq" })).status).toBe(200);
  });

  // enterprise/app/models/captain/document.rb: normalize_external_link (before the uniqueness check), a .pdf link is a PDF document.
  it.each([
    ["drops one trailing slash", "https://acme.test/guide/", 200, "https://acme.test/guide"],
    ["keeps a link without one", "https://acme.test/guide", 200, "https://acme.test/guide"],
    ["keeps only the last slash's removal", "https://acme.test//", 200, "https://acme.test/"],
    ["refuses a .pdf link without an uploaded file", "https://acme.test/guide.pdf", 422, "Pdf file can't be blank"],
  ])("%s", async (_case, link, status, expected) => {
    const a = await assistant();
    const answer = await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: link } });
    expect(answer.status).toBe(status);
    if (status === 200) expect((answer.body as Row).external_link).toBe(expected);
    else expect(answer.body).toEqual({ error: expected });
  });

  it("finds a link taken once normalized", async () => {
    const a = await assistant();
    expect((await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: "https://acme.test/faq" } })).status).toBe(200);
    expect(outcome(await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: "https://acme.test/faq/" } }))).toEqual([422, { error: "External link has already been taken" }]);
  });

  // enterprise/app/models/captain/document.rb#ensure_within_plan_limit: the captain_documents limit.
  it("refuses a document past the account's captain_documents limit", async () => {
    const a = await assistant();
    await platform1.patch(PLATFORM_ACCOUNT_1, { limits: { captain_documents: 1 } });
    expect((await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: "https://acme.test/1" } })).status).toBe(200);
    expect(outcome(await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: "https://acme.test/2" } }))).toEqual([
      422,
      { error: "Document limit exceeded" },
    ]);
  });

  // inboxes_controller_spec.rb: link (wrapped body), list, unlink (204); 404 for unknown inbox or link, 422 without params.
  it("links inboxes to an assistant, one assistant per inbox, none over an agent bot", async () => {
    const a = await assistant();
    const b = await assistant({ name: "Other", description: "d" });
    const at = `${CAPTAIN}/assistants/${a.id}/inboxes`;
    const linked = (await admin1.post(at, { inbox: { inbox_id: 2 } })).body as Row;
    expect(linked).toMatchObject({ id: 2, name: "Acme API" });
    expect(((await agent1.get(at)).body as { payload: Row[]; meta: unknown }).payload.map((i) => i.id)).toEqual([2]);
    expect(outcome(await admin1.post(`${CAPTAIN}/assistants/${b.id}/inboxes`, { inbox: { inbox_id: 2 } }))).toEqual([
      422,
      { message: "Inbox has already been taken", attributes: ["inbox_id"] },
    ]);
    expect(outcome(await admin1.post(at, { inbox: { inbox_id: 999999 } }))).toEqual([404, NOT_FOUND]);
    expect(outcome(await admin1.post(at, {}))).toEqual([422, { error: "param is missing or the value is empty: inbox" }]);
    expect(outcome(await agent1.post(at, { inbox: { inbox_id: 3 } }))).toEqual([401, NOT_AUTHORIZED]);
    // InboxBotStatus#conflicting_bot_provider: an inbox an agent bot answers refuses Captain.
    await admin1.post(`/api/v1/accounts/1/inboxes/3/set_agent_bot`, { agent_bot: 1 });
    expect(outcome(await admin1.post(at, { inbox: { inbox_id: 3 } }))).toEqual([422, { message: "Disconnect Agent Bot before connecting Captain", attributes: ["base"] }]);
    expect(outcome(await admin1.delete(`${at}/999999`))).toEqual([404, NOT_FOUND]);
    expect(outcome(await admin1.delete(`${at}/2`))).toEqual([204, undefined]);
    expect(((await agent1.get(at)).body as { payload: Row[] }).payload).toEqual([]);
  });

  // captain/assistant.rb: has_many documents, scenarios, captain_inboxes, dependent: :destroy_async; inbox.rb: has_one :captain_inbox, dependent: :destroy.
  it("deleting an assistant takes its documents, scenarios and inbox links; deleting an inbox takes its link", async () => {
    const a = await assistant();
    const b = await assistant({ name: "Other", description: "d" });
    await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: a.id, external_link: "https://acme.test/a" } });
    const keptDoc = (await admin1.post(`${CAPTAIN}/documents`, { document: { assistant_id: b.id, external_link: "https://acme.test/b" } })).body as Row;
    await admin1.post(`${CAPTAIN}/assistants/${a.id}/scenarios`, { scenario: { title: "t", description: "d", instruction: "i" } });
    await admin1.post(`${CAPTAIN}/assistants/${a.id}/inboxes`, { inbox: { inbox_id: 1 } });
    await admin1.post(`${CAPTAIN}/assistants/${b.id}/inboxes`, { inbox: { inbox_id: 2 } });
    await admin1.delete(`${CAPTAIN}/assistants/${a.id}`);
    const snapshot = sandbox().control.snapshot();
    expect(snapshot.captain_documents.map((d) => d.id)).toEqual([keptDoc.id]);
    expect(snapshot.captain_scenarios).toEqual([]);
    expect(snapshot.captain_inboxes.map((l) => l.inbox_id)).toEqual([2]);
    await admin1.delete(`/api/v1/accounts/1/inboxes/2`);
    expect(sandbox().control.snapshot().captain_inboxes).toEqual([]);
  });
});
