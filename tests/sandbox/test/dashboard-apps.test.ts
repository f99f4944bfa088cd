/**
 * Dashboard apps, each case written from the upstream file it names (upstream at fd5ac2a8a):
 * spec/controllers/api/v1/accounts/dashboard_apps_controller_spec.rb, app/models/dashboard_app.rb
 * (`belongs_to :user`, `validate_content`'s JSON schema), app/models/user.rb (`dependent: :nullify`);
 * the answers as app/views/api/v1/models/_dashboard_app.json.jbuilder renders them.
 */
import { as, outcome, seedClients, useSandbox } from "./http";

const APPS = "/api/v1/accounts/1/dashboard_apps";
const APPS_2 = "/api/v1/accounts/2/dashboard_apps";
type App = { id: number; title: string; content: unknown[] } & Record<string, unknown>;

const NOT_FOUND = { error: "Resource could not be found" };
const INVALID = { message: "Content : Invalid data", attributes: ["content"] };
const frame = (url: string) => ({ type: "frame", url });

describe("dashboard apps", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2, platform1 } = seedClients(sandbox);

  it("lets any member create, list, show, update and delete them; create records the caller", async () => {
    const created = await agent1.post(APPS, { title: "CRM", content: [frame("https://crm.acme.test/panel")] });
    expect(outcome(created)).toEqual([200, { id: 1, title: "CRM", content: [frame("https://crm.acme.test/panel")], created_at: expect.any(String) }]);
    const app = created.body as App;
    expect(sandbox().control.snapshot().dashboard_apps[0]).toMatchObject({ user_id: 2 });
    await admin2.post(APPS_2, { title: "Other", content: [frame("https://other.test")] });
    expect(outcome(await admin1.get(APPS))).toEqual([200, [app]]);
    expect(outcome(await agent1.get(`${APPS}/${app.id}`))).toEqual([200, app]);
    const updated = await agent1.patch(`${APPS}/${app.id}`, { dashboard_app: { title: "CRM panel" } });
    expect(outcome(updated)).toEqual([200, { ...app, title: "CRM panel" }]);
    const deleted = await agent1.delete(`${APPS}/${app.id}`);
    expect([deleted.status, deleted.text]).toEqual([204, ""]);
    expect(outcome(await agent1.get(`${APPS}/${app.id}`))).toEqual([404, NOT_FOUND]);
  });

  it("keeps only url and type of each frame, in order, several frames allowed", async () => {
    const app = (await admin1.post(APPS, { title: "Two", content: [{ ...frame("https://a.test/x"), height: 3 }, frame("http://b.test")] })).body as App;
    expect(app.content).toEqual([frame("https://a.test/x"), frame("http://b.test")]);
  });

  it("refuses content that is empty, not a list, of another type or without an http(s) URL", async () => {
    for (const content of [[], "https://a.test", [{ type: "page", url: "https://a.test" }], [{ type: "frame" }], [frame("ftp://a.test")], [frame("com")]]) {
      expect([content, outcome(await admin1.post(APPS, { title: "Bad", content }))]).toEqual([content, [422, INVALID]]);
    }
    expect(sandbox().control.snapshot().dashboard_apps).toEqual([]);
  });

  // The schema's `saneUrl` (`format: uri`, `pattern`) applies to strings only; a URI has no spaces.
  it.each([
    ["a number", 5, 200],
    ["null", null, 200],
    ["a URL with a space", "https://crm.test/a b", 422],
    ["a URL with a fragment and a query", "https://crm.test/a?b=c#d", 200],
  ])("takes a frame whose url is %s: %s", async (_what, url, status) => {
    expect((await admin1.post(APPS, { title: "Odd", content: [{ type: "frame", url }] })).status).toBe(status);
  });

  // `belongs_to :user` (required): deleting the user empties the app's user_id, and every update then fails.
  it("refuses to update an app whose user was deleted: 'User must exist', before the content", async () => {
    const user = (await platform1.post("/platform/api/v1/users", { name: "Temp", email: "temp@acme.test", password: "Sup3r-secret!" })).body as { id: number; access_token: string };
    await platform1.post("/platform/api/v1/accounts/1/account_users", { user_id: user.id });
    const app = (await as(() => sandbox().url, () => user.access_token).post(APPS, { title: "CRM", content: [frame("https://crm.test")] })).body as App;
    await platform1.delete(`/platform/api/v1/users/${user.id}`);
    expect(outcome(await admin1.patch(`${APPS}/${app.id}`, { title: "Renamed", content: [] }))).toEqual([
      422,
      { message: "User must exist, Content : Invalid data", attributes: ["user", "content"] },
    ]);
    expect(outcome(await admin1.get(`${APPS}/${app.id}`))).toEqual([200, app]);
  });

  it("has no title validation: a missing title is a NOT NULL violation (500), a blank one is kept", async () => {
    expect((await admin1.post(APPS, { content: [frame("https://a.test")] })).status).toBe(500);
    expect(((await admin1.post(APPS, { title: "", content: [frame("https://a.test")] })).body as App).title).toBe("");
  });

  it("answers 404 for a missing or foreign id on show, update and destroy", async () => {
    const foreign = (await admin2.post(APPS_2, { title: "Foreign", content: [frame("https://f.test")] })).body as App;
    for (const id of [99, foreign.id]) {
      expect(outcome(await admin1.get(`${APPS}/${id}`))).toEqual([404, NOT_FOUND]);
      expect(outcome(await admin1.patch(`${APPS}/${id}`, { title: "x" }))).toEqual([404, NOT_FOUND]);
      expect(outcome(await admin1.delete(`${APPS}/${id}`))).toEqual([404, NOT_FOUND]);
    }
  });

  it("answers on a community server too (no Enterprise feature)", async () => {
    sandbox().control.setEdition("community");
    expect((await admin1.post(APPS, { title: "CRM", content: [frame("https://crm.acme.test")] })).status).toBe(200);
  });
});
