/**
 * An inbox's WhatsApp satisfaction-survey template, written from upstream's request spec
 * spec/controllers/api/v1/accounts/inbox_csat_templates_controller_spec.rb (upstream at fd5ac2a8a),
 * app/services/csat_template_management_service.rb and app/services/csat_template_name_service.rb;
 * Meta's side is the sandbox's.
 */
import { defaultFixture } from "../../../sdk/sandbox";
import { outcome, seedClients, useSandbox } from "./http";

const WHATSAPP = 5;
const TEMPLATE = `/api/v1/accounts/1/inboxes/${WHATSAPP}/csat_template`;
const NAME = `customer_satisfaction_survey_${WHATSAPP}`;
const VALID = { template: { message: "How would you rate your experience?", button_text: "Rate Us", language: "en" } };
const fixture = {
  ...defaultFixture,
  inboxes: [
    ...(defaultFixture.inboxes ?? []),
    // Bob (user 2) is a member; Carol (3) is not.
    { id: WHATSAPP, account_id: 1, name: "Acme WhatsApp", channel_type: "Channel::Whatsapp" as const, phone_number: "+15550100100", provider: "whatsapp_cloud", member_ids: [2] },
  ],
};

describe("inbox CSAT templates (WhatsApp)", () => {
  const sandbox = useSandbox({ fixture });
  const { admin1, agent1, anonymous } = seedClients(sandbox);
  const carol = () => sandbox().control.userToken(3) ?? "";
  const asCarol = (method: string, path: string, body?: unknown) =>
    fetch(sandbox().url + path, { method, headers: { api_access_token: carol(), "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const inbox = () => sandbox().control.snapshot().inboxes.find((i) => i.id === WHATSAPP);

  it("shows template_exists: false while the inbox's config names none", async () => {
    expect(outcome(await admin1.get(TEMPLATE))).toEqual([200, { template_exists: false }]);
  });

  it("creates the template at Meta, pending, and records it in the inbox's csat_config (201)", async () => {
    const created = await admin1.post(TEMPLATE, VALID);
    expect(outcome(created)).toEqual([201, { template: { name: NAME, template_id: expect.any(String), status: "PENDING", language: "en" } }]);
    const id = (created.body as { template: { template_id: string } }).template.template_id;
    expect(inbox()?.csat_config).toMatchObject({ template: { name: NAME, template_id: id, language: "en", created_at: expect.any(String) } });
    expect(outcome(await admin1.get(TEMPLATE))).toEqual([200, { template_exists: true, template_name: NAME, status: "PENDING", template_id: id }]);
    expect(sandbox().control.snapshot().meta_templates).toEqual([
      { id, name: NAME, inbox_id: WHATSAPP, status: "PENDING", language: "en", body: VALID.template.message, button_text: "Rate Us" },
    ]);
  });

  it("uses the defaults for what is left out: button text 'Please rate us', language 'en'", async () => {
    await admin1.post(TEMPLATE, { template: { message: "How did we do?" } });
    expect(sandbox().control.snapshot().meta_templates[0]).toMatchObject({ button_text: "Please rate us", language: "en" });
  });

  it("deletes the earlier template at Meta before making the new one, which waits for approval again", async () => {
    const first = (await admin1.post(TEMPLATE, VALID)).body as { template: { template_id: string } };
    expect(sandbox().control.reviewCsatTemplates("APPROVED")).toEqual([NAME]);
    expect((await admin1.get(TEMPLATE)).body).toMatchObject({ status: "APPROVED" });
    const second = (await admin1.post(TEMPLATE, { template: { message: "Rate us, please", language: "pt_BR" } })).body as { template: { template_id: string } };
    expect(second.template.template_id).not.toBe(first.template.template_id);
    expect(sandbox().control.snapshot().meta_templates.map((t) => [t.id, t.status, t.language])).toEqual([[second.template.template_id, "PENDING", "pt_BR"]]);
    // generate_next_template_name: the successor of the base name is version 1.
    expect(outcome(await admin1.get(TEMPLATE))).toEqual([200, { template_exists: true, template_name: `${NAME}_1`, status: "PENDING", template_id: second.template.template_id }]);
  });

  // csat_template_name_service.rb: the base name, then _1, _2, ... after the name the config holds.
  it.each([
    [1, [NAME]],
    [2, [NAME, `${NAME}_1`]],
    [4, [NAME, `${NAME}_1`, `${NAME}_2`, `${NAME}_3`]],
  ])("names %i templates in turn as upstream's name service does", async (count, names) => {
    const made: string[] = [];
    for (let i = 0; i < count; i++) made.push(((await admin1.post(TEMPLATE, VALID)).body as { template: { name: string } }).template.name);
    expect(made).toEqual(names);
    expect(sandbox().control.snapshot().meta_templates.map((t) => t.name)).toEqual([names.at(-1)]);
  });

  it("versions the successor of a template the config names by hand after its own number", async () => {
    await admin1.patch(`/api/v1/accounts/1/inboxes/${WHATSAPP}`, { csat_config: { message: "x", template: { name: `${NAME}_7` } } });
    expect(((await admin1.post(TEMPLATE, VALID)).body as { template: { name: string } }).template.name).toBe(`${NAME}_8`);
  });

  it("answers template_exists: false with 'Template not found' when Meta has no template of the configured name", async () => {
    await admin1.patch(`/api/v1/accounts/1/inboxes/${WHATSAPP}`, { csat_config: { message: "x", template: { name: "custom_survey_template" } } });
    expect(outcome(await admin1.get(TEMPLATE))).toEqual([200, { template_exists: false, error: "Template not found" }]);
  });

  it("refuses a missing template (422), a blank message (422) and what Meta refuses (422 with details)", async () => {
    expect(outcome(await admin1.post(TEMPLATE, {}))).toEqual([422, { error: "Template parameters are required" }]);
    expect(outcome(await admin1.post(TEMPLATE, { template: { button_text: "Rate Us", language: "en" } }))).toEqual([422, { error: "Message is required" }]);
    const meta = await admin1.post(TEMPLATE, { template: { message: "Rate us", button_text: "Tell us how we did, please!" } });
    expect(outcome(meta)).toEqual([
      422,
      { error: "The button text is longer than 25 characters. Please review your template and try again.", details: { code: 100, subcode: 2_388_040, type: "OAuthException", title: "Template Creation Failed" } },
    ]);
    expect(sandbox().control.snapshot().meta_templates).toEqual([]);
    expect(inbox()?.csat_config).not.toHaveProperty("template");
  });

  it("answers 400 for an inbox of another channel, and 404 for an inbox of no account of the caller's", async () => {
    for (const reply of [await admin1.get("/api/v1/accounts/1/inboxes/1/csat_template"), await admin1.post("/api/v1/accounts/1/inboxes/2/csat_template", VALID)]) {
      expect(outcome(reply)).toEqual([400, { error: "CSAT template operations only available for WhatsApp and Twilio WhatsApp channels" }]);
    }
    expect((await admin1.get("/api/v1/accounts/1/inboxes/4/csat_template")).status).toBe(404);
  });

  it("follows the inbox's show policy: a member agent may read and create; another agent, or no token, is refused", async () => {
    expect((await agent1.post(TEMPLATE, VALID)).status).toBe(201);
    expect((await agent1.get(TEMPLATE)).status).toBe(200);
    const refused = await asCarol("POST", TEMPLATE, VALID);
    expect([refused.status, await refused.json()]).toEqual([401, { error: "You are not authorized to do this action" }]);
    expect((await asCarol("GET", TEMPLATE)).status).toBe(401);
    expect((await anonymous.get(TEMPLATE)).status).toBe(401);
  });

  it("has no route to update or delete a template", async () => {
    await admin1.post(TEMPLATE, VALID);
    expect((await admin1.delete(TEMPLATE)).status).toBe(404);
    expect((await admin1.patch(TEMPLATE, VALID)).status).toBe(404);
  });

  it("the review control approves or rejects the templates waiting, of one inbox or all, over HTTP too", async () => {
    await admin1.post(TEMPLATE, VALID);
    const review = await fetch(`${sandbox().url}/__sandbox/csat-templates/review`, { method: "POST", body: JSON.stringify({ status: "REJECTED", inboxId: WHATSAPP }) });
    expect([review.status, await review.json()]).toEqual([200, { reviewed: [NAME] }]);
    expect((await admin1.get(TEMPLATE)).body).toMatchObject({ status: "REJECTED" });
    // Nothing waits any more.
    expect(sandbox().control.reviewCsatTemplates("APPROVED")).toEqual([]);
    const bad = await fetch(`${sandbox().url}/__sandbox/csat-templates/review`, { method: "POST", body: JSON.stringify({ status: "PENDING" }) });
    expect(bad.status).toBe(400);
  });
});
