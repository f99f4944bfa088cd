/**
 * Webhooks, each case written from upstream at fd5ac2a8a: spec/controllers/api/v1/accounts/webhook_controller_spec.rb
 * (the messages "Url is invalid", "Subscriptions Invalid events", the default subscriptions), app/models/webhook.rb,
 * app/policies/webhook_policy.rb; the answers as app/views/api/v1/accounts/webhooks/*.json.jbuilder render them, with
 * a later build's signing secret (see sdk/sandbox/models/webhooks.ts).
 */
import { MODES, outcome, seedClients, useSandbox } from "./http";

const WEBHOOKS = "/api/v1/accounts/1/webhooks";
const WEBHOOKS_2 = "/api/v1/accounts/2/webhooks";
type Webhook = { id: number; url: string; secret: string } & Record<string, unknown>;

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const hook = { url: "https://hooks.acme.test/chatwoot", subscriptions: ["conversation_created", "message_created"] };

describe.each(MODES)("webhooks (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (body: Record<string, unknown> = hook) => ((await admin1.post(WEBHOOKS, body)).body as { payload: { webhook: Webhook } }).payload.webhook;
  const list = async () => ((await admin1.get(WEBHOOKS)).body as { payload: { webhooks: Webhook[] } }).payload.webhooks;

  describe("POST", () => {
    it("creates and answers {payload: {webhook}} with a fresh signing secret", async () => {
      const answer = await admin1.post(WEBHOOKS, { ...hook, name: "CRM" });
      expect(answer.status).toBe(200);
      const webhook = (answer.body as { payload: { webhook: Webhook } }).payload.webhook;
      expect(webhook).toEqual({ id: 1, name: "CRM", url: hook.url, account_id: 1, subscriptions: hook.subscriptions, secret: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{24}$/) });
      expect(sandbox().control.secrets()).toContain(webhook.secret);
      expect(JSON.stringify(sandbox().control.snapshot())).not.toContain(webhook.secret);
      expect(sandbox().control.snapshot().webhooks).toEqual([{ id: 1, account_id: 1, url: hook.url, name: "CRM", subscriptions: hook.subscriptions, inbox_id: null }]);
      expect((await create({ ...hook, url: "https://other.test" })).secret).not.toBe(webhook.secret);
    });

    it("renders the inbox when inbox_id names one, and stores unknown ids unchecked", async () => {
      expect((await create({ webhook: { ...hook, inbox_id: 2 } })).inbox).toEqual({ id: 2, name: "Acme API" });
      const unknown = await create({ ...hook, url: "https://two.test", inbox_id: 99 });
      expect(unknown).not.toHaveProperty("inbox");
      expect(sandbox().control.snapshot().webhooks.map((w) => w.inbox_id)).toEqual([2, 99]);
    });

    it("refuses unknown or empty subscriptions and urls without an http(s) URI", async () => {
      for (const subscriptions of [["conversation_created", "order_paid"], []]) {
        const answer = await admin1.post(WEBHOOKS, { url: hook.url, subscriptions });
        expect(outcome(answer)).toEqual([422, { message: "Subscriptions Invalid events", attributes: ["subscriptions"] }]);
      }
      for (const url of ["hooks.acme.test", "ftp://hooks.acme.test", "http:", null]) {
        const answer = await admin1.post(WEBHOOKS, { ...hook, url });
        expect(outcome(answer)).toEqual([422, { message: "Url is invalid", attributes: ["url"] }]);
      }
      expect((await admin1.post(WEBHOOKS, { ...hook, url: "see http://x.test" })).status).toBe(200);
    });

    // Upstream's request spec "use default if subscription events are nil": the column's default.
    it("subscribes a webhook created without subscriptions (left out, null, or not a list) to the eight default events", async () => {
      const defaults = [
        "conversation_status_changed", "conversation_updated", "conversation_created", "contact_created", "contact_updated",
        "message_created", "message_updated", "webwidget_triggered",
      ];
      const bodies = [{ url: "https://a.test" }, { url: "https://b.test", subscriptions: null }, { webhook: { url: "https://c.test", subscriptions: "message_created" } }];
      for (const body of bodies) {
        const answer = await admin1.post(WEBHOOKS, body);
        expect(answer.status).toBe(200);
        expect((answer.body as { payload: { webhook: Webhook } }).payload.webhook.subscriptions).toEqual(defaults);
      }
      // The default is the column's, for creates only: an update without subscriptions keeps the webhook's.
      const [first] = await list();
      expect((await admin1.patch(`${WEBHOOKS}/${first.id}`, { subscriptions: ["inbox_updated"] })).status).toBe(200);
      expect((await admin1.patch(`${WEBHOOKS}/${first.id}`, { name: "Renamed", subscriptions: null })).body).toMatchObject({
        payload: { webhook: { name: "Renamed", subscriptions: ["inbox_updated"] } },
      });
    });

    it("keeps urls unique per account", async () => {
      await create();
      expect(outcome(await admin1.post(WEBHOOKS, hook))).toEqual([422, { message: "Url has already been taken", attributes: ["url"] }]);
      expect((await admin2.post(WEBHOOKS_2, hook)).status).toBe(200);
      expect(outcome(await admin1.post(WEBHOOKS, { other: 1 }))).toEqual([422, { error: "param is missing or the value is empty: webhook" }]);
    });
  });

  describe("GET", () => {
    it("lists the account's webhooks in {payload: {webhooks}}, secrets included, administrators only", async () => {
      const first = await create();
      const second = await create({ url: "https://two.test", subscriptions: ["contact_created"] });
      await admin2.post(WEBHOOKS_2, hook);
      expect(await list()).toEqual([first, second]);
      expect(outcome(await agent1.get(WEBHOOKS))).toEqual([401, NOT_AUTHORIZED]);
    });

    it("has no show route", async () => {
      const webhook = await create();
      expect((await admin1.get(`${WEBHOOKS}/${webhook.id}`)).status).toBe(404);
    });
  });

  describe("PATCH", () => {
    it("changes the keys sent, keeps the secret, and validates like create", async () => {
      const webhook = await create();
      const answer = await admin1.patch(`${WEBHOOKS}/${webhook.id}`, { subscriptions: ["inbox_updated"], name: "Renamed" });
      expect(outcome(answer)).toEqual([200, { payload: { webhook: { ...webhook, subscriptions: ["inbox_updated"], name: "Renamed" } } }]);
      expect((await admin1.put(`${WEBHOOKS}/${webhook.id}`, { subscriptions: ["bogus"] })).status).toBe(422);
      expect((await admin1.patch(`${WEBHOOKS}/${webhook.id}`, { subscriptions: [{ event: "x" }], url: "https://moved.test" })).body).toMatchObject({
        payload: { webhook: { url: "https://moved.test", subscriptions: ["inbox_updated"] } },
      });
    });

    it("checks the role before the lookup; another account's webhook is 404", async () => {
      const foreign = ((await admin2.post(WEBHOOKS_2, hook)).body as { payload: { webhook: Webhook } }).payload.webhook;
      expect(outcome(await agent1.patch(`${WEBHOOKS}/99`, { name: "x" }))).toEqual([401, NOT_AUTHORIZED]);
      expect(outcome(await admin1.patch(`${WEBHOOKS}/${foreign.id}`, { name: "x" }))).toEqual([404, { error: "Resource could not be found" }]);
    });
  });

  describe("DELETE", () => {
    it("answers an empty 200, administrators only", async () => {
      const webhook = await create();
      expect((await agent1.delete(`${WEBHOOKS}/${webhook.id}`)).status).toBe(401);
      const answer = await admin1.delete(`${WEBHOOKS}/${webhook.id}`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect(await list()).toEqual([]);
    });
  });

  it("answers a malformed body for an injected bad-json fault, with the webhook created", async () => {
    sandbox().control.inject({ method: "POST", path: "/api/v1/accounts/:account/webhooks", kind: "bad-json" });
    const answer = await admin1.post(WEBHOOKS, hook);
    expect([answer.status, answer.body]).toEqual([200, undefined]);
    expect((await list()).map((w) => w.url)).toEqual([hook.url]);
  });
});

describe("webhooks from a fixture", () => {
  const sandbox = useSandbox({
    fixture: {
      accounts: [{ id: 1, name: "A" }, { id: 2, name: "B" }],
      users: [
        { id: 1, name: "Ann", email: "ann@a.test", memberships: [{ account_id: 1, role: "administrator" }] },
        { id: 2, name: "Ben", email: "ben@b.test", memberships: [{ account_id: 1, role: "agent" }, { account_id: 2, role: "administrator" }] },
      ],
      platform_apps: [],
      webhooks: [{ id: 7, account_id: 1, url: "https://seeded.test", subscriptions: ["message_created"] }],
    },
  });
  const { admin1 } = seedClients(sandbox);

  it("keeps a seeded webhook's secret across resets, and numbers new ones after it", async () => {
    const before = ((await admin1.get(WEBHOOKS)).body as { payload: { webhooks: Webhook[] } }).payload.webhooks;
    expect(before).toEqual([{ id: 7, name: null, url: "https://seeded.test", account_id: 1, subscriptions: ["message_created"], secret: expect.any(String) }]);
    expect((await admin1.post(WEBHOOKS, hook)).body).toMatchObject({ payload: { webhook: { id: 8 } } });
    sandbox().control.reset();
    const after = ((await admin1.get(WEBHOOKS)).body as { payload: { webhooks: Webhook[] } }).payload.webhooks;
    expect(after.map((w) => w.secret)).toEqual(before.map((w) => w.secret));
  });
});
