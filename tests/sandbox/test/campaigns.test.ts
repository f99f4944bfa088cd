/**
 * Campaigns, each case written from the upstream spec it names (upstream at fd5ac2a8a):
 * spec/controllers/api/v1/accounts/campaigns_controller_spec.rb, spec/models/campaign_spec.rb and
 * spec/controllers/api/v1/accounts/inboxes_controller_spec.rb (GET /inboxes/:id/campaigns); the
 * answers as app/views/api/v1/models/_campaign.json.jbuilder renders them, the columns' defaults as db/schema.rb has them.
 */
import { outcome, seedClients, useSandbox } from "./http";

const CAMPAIGNS = "/api/v1/accounts/1/campaigns";
const CAMPAIGNS_2 = "/api/v1/accounts/2/campaigns";
type Campaign = { id: number; campaign_type: string; campaign_status: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const website = { inbox_id: 1, title: "Pricing help", message: "Questions?", trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 10 } };
const SMS = { name: "SMS", channel: { type: "sms", phone_number: "+4930123456", provider_config: { account_id: "9", application_id: "app", api_key: "k", api_secret: "s" } } };

describe("campaigns", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown>) => (await admin1.post(CAMPAIGNS, body)).body as Campaign;
  const smsInbox = async () => ((await admin1.post("/api/v1/accounts/1/inboxes", SMS)).body as { id: number }).id;

  // campaigns_controller_spec "creates a new campaign" / campaign_spec "only saves campaign type as ongoing for website inboxes".
  it("creates an ongoing campaign on a website inbox, numbered by the account's display id, without schedule or audience", async () => {
    await admin2.post(CAMPAIGNS_2, { ...website, inbox_id: 4 }); // Globex API: refused, takes no number
    const created = await admin1.post(CAMPAIGNS, { ...website, scheduled_at: "2030-01-01T00:00:00Z", audience: [{ type: "Label", id: 1 }], campaign_type: "one_off" });
    expect(created.status).toBe(200);
    const campaign = created.body as Campaign;
    expect(campaign).toMatchObject({ id: 1, title: "Pricing help", message: "Questions?", campaign_type: "ongoing", campaign_status: "active", enabled: true, sender: {} });
    expect(campaign).not.toHaveProperty("scheduled_at");
    expect(campaign).not.toHaveProperty("audience");
    expect((campaign.inbox as { id: number }).id).toBe(1);
    expect(sandbox().control.snapshot().campaigns[0]).toMatchObject({ display_id: 1, scheduled_at: null, campaign_type: "ongoing" });
    expect((await create(website)).id).toBe(2);
  });

  // campaign_spec "only saves campaign type as oneoff and sets scheduled time for sms inboxes".
  it("makes a campaign on an SMS inbox one-off, scheduled now when no time is given, and renders its audience", async () => {
    const inbox = await smsInbox();
    const before = Math.floor(Date.now() / 1000);
    const now = await create({ inbox_id: inbox, title: "Sale", message: "20% off", audience: [{ type: "Label", id: 1 }] });
    expect(now).toMatchObject({ campaign_type: "one_off", audience: [{ type: "Label", id: 1 }] });
    expect(now.scheduled_at).toBeGreaterThanOrEqual(before);
    const later = await create({ inbox_id: inbox, title: "Sale", message: "20% off", scheduled_at: "2030-01-01T09:00:00Z" });
    expect(later.scheduled_at).toBe(Date.parse("2030-01-01T09:00:00Z") / 1000);
  });

  // campaign_spec "would not save the campaigns" (unsupported inbox types), validations.
  it("refuses other inboxes, blank fields, a website campaign's non-http URL and a sender of another account", async () => {
    expect(outcome(await admin1.post(CAMPAIGNS, { ...website, inbox_id: 2 }))).toEqual([422, { message: "Inbox Unsupported Inbox type", attributes: ["inbox"] }]);
    expect((await admin1.post(CAMPAIGNS, { ...website, message: "" })).body).toMatchObject({ attributes: ["message"] });
    expect((await admin1.post(CAMPAIGNS, { ...website, title: " " })).body).toMatchObject({ attributes: ["title"] });
    expect(outcome(await admin1.post(CAMPAIGNS, { ...website, trigger_rules: { url: "www.acme.test" } }))).toEqual([422, { message: "Url invalid", attributes: ["url"] }]);
    // campaign_spec "does not allow sender from different account" / "inbox from different account".
    expect((await admin1.post(CAMPAIGNS, { ...website, sender_id: 5 })).body).toMatchObject({ attributes: ["sender_id"] });
    expect((await admin1.post(CAMPAIGNS, { ...website, inbox_id: 4 })).body).toMatchObject({ attributes: expect.arrayContaining(["inbox_id"]) });
    expect(sandbox().control.snapshot().campaigns).toEqual([]);
  });

  // campaigns_controller_spec "returns unauthorized for agents"; an unknown display id is nil: a 500 (upstream issue #15802).
  it("is administrators' only, for every action, and answers 500 for an unknown display id", async () => {
    const campaign = await create(website);
    expect(outcome(await agent1.get(CAMPAIGNS))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.patch(`${CAMPAIGNS}/${campaign.id}`, { title: "x" }))).toEqual([401, NOT_AUTHORIZED]);
    expect(outcome(await agent1.delete(`${CAMPAIGNS}/99`))).toEqual([401, NOT_AUTHORIZED]);
    for (const reply of [await admin1.get(`${CAMPAIGNS}/99`), await admin1.patch(`${CAMPAIGNS}/99`, { title: "x" }), await admin1.delete(`${CAMPAIGNS}/99`)]) {
      expect(reply.status).toBe(500);
    }
    expect((await admin2.get(`${CAMPAIGNS_2}/${campaign.id}`)).status).toBe(500);
  });

  it("lists a bare array, shows, updates and deletes by display id (destroy answers 200)", async () => {
    const campaign = await create(website);
    expect(((await admin1.get(CAMPAIGNS)).body as Campaign[]).map((c) => c.id)).toEqual([campaign.id]);
    const updated = await admin1.patch(`${CAMPAIGNS}/${campaign.id}`, { title: "Plans", enabled: false, sender_id: 3 });
    expect(updated.body).toMatchObject({ id: campaign.id, title: "Plans", enabled: false, sender: { id: 3, email: "carol@acme.test" } });
    expect((await admin1.get(`${CAMPAIGNS}/${campaign.id}`)).body).toMatchObject({ title: "Plans" });
    expect((await admin1.delete(`${CAMPAIGNS}/${campaign.id}`)).status).toBe(200);
    expect(await admin1.get(CAMPAIGNS)).toMatchObject({ body: [] });
    // The sequence goes on: a display id is never reused.
    expect((await create(website)).id).toBe(campaign.id + 1);
  });

  // campaign_spec "would prevent further updates" and "can be deleted" (a completed one-off campaign).
  it("completes a due one-off campaign when the scheduled job runs; a completed one refuses updates and can be deleted", async () => {
    const inbox = await smsInbox();
    const due = await create({ inbox_id: inbox, title: "Now", message: "Hello", scheduled_at: new Date(Date.now() - 60_000).toISOString() });
    const future = await create({ inbox_id: inbox, title: "Later", message: "Hello", scheduled_at: "2030-01-01T00:00:00Z" });
    const old = await create({ inbox_id: inbox, title: "Old", message: "Hello", scheduled_at: new Date(Date.now() - 4 * 86_400_000).toISOString() });
    expect(sandbox().control.runScheduledCampaigns()).toEqual([due.id]);
    expect(((await admin1.get(CAMPAIGNS)).body as Campaign[]).map((c) => [c.id, c.campaign_status])).toEqual([
      [due.id, "completed"], [future.id, "active"], [old.id, "active"],
    ]);
    expect(outcome(await admin1.patch(`${CAMPAIGNS}/${due.id}`, { title: "Again" }))).toEqual([422, { message: "Status The campaign is already completed", attributes: ["status"] }]);
    expect((await admin1.delete(`${CAMPAIGNS}/${due.id}`)).status).toBe(200);
  });

  // spec/models/inbox_spec.rb: `it { is_expected.to have_many(:campaigns).dependent(:destroy_async) }`
  it("goes with its inbox", async () => {
    const inbox = await smsInbox();
    await create({ inbox_id: inbox, title: "Sale", message: "Hi", scheduled_at: "2030-01-01T00:00:00Z" });
    const kept = await create(website);
    expect((await admin1.delete(`/api/v1/accounts/1/inboxes/${inbox}`)).status).toBe(200);
    expect(((await admin1.get(CAMPAIGNS)).body as Campaign[]).map((c) => c.id)).toEqual([kept.id]);
  });

  // _campaign.json.jbuilder: template_params after the message; created_at and updated_at are datetimes (no to_i), scheduled_at is.
  it("renders template_params as sent (nil by default) and the timestamps as ISO 8601 text", async () => {
    const plain = await create(website);
    expect(plain.template_params).toBeNull();
    expect(Object.keys(plain).indexOf("template_params")).toBe(Object.keys(plain).indexOf("message") + 1);
    for (const key of ["created_at", "updated_at"]) expect(String(plain[key])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const params = { name: "spring_sale", language: "en", processed_params: { body: { "1": "Ada" } } };
    const templated = await create({ ...website, template_params: params });
    expect(templated.template_params).toEqual(params);
    const inbox = await smsInbox();
    expect(typeof (await create({ inbox_id: inbox, title: "Sale", message: "20% off" })).scheduled_at).toBe("number");
  });

  // db/schema.rb: audience jsonb default [], trigger_rules default {}.
  it("gives a one-off campaign without an audience the column default []", async () => {
    const inbox = await smsInbox();
    expect(await create({ inbox_id: inbox, title: "Sale", message: "20% off" })).toMatchObject({ audience: [], trigger_rules: {} });
  });

  // inboxes_controller_spec "GET /api/v1/accounts/{account.id}/inboxes/{inbox.id}/campaigns".
  it.each([
    ["an administrator: the inbox's campaigns only", "admin", 1, 200],
    ["an agent who is a member of the inbox", "agent-member", 1, 401],
    ["an agent who is not", "agent", 2, 401],
    ["an unknown inbox", "admin", 999, 404],
    ["another account's inbox", "admin", 4, 404],
  ])("lists an inbox's campaigns for %s", async (_case, who, inboxId, status) => {
    const mine = await create(website);
    const inbox = await smsInbox();
    await create({ inbox_id: inbox, title: "Sale", message: "20% off" });
    if (who === "agent-member") await admin1.post("/api/v1/accounts/1/inbox_members", { inbox_id: inboxId, user_ids: [2] });
    const client = who === "admin" ? admin1 : agent1;
    const answer = await client.get(`/api/v1/accounts/1/inboxes/${inboxId}/campaigns`);
    expect(answer.status).toBe(status);
    if (status === 200) expect((answer.body as Campaign[]).map((c) => c.id)).toEqual([mine.id]);
  });
});
