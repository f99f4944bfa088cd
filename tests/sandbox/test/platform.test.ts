// Upstream at fd5ac2a8a: spec/controllers/platform/api/v1/{accounts,users,account_users}_controller_spec.rb,
// app/models/{user,account_user}.rb, app/jobs/agents/destroy_job.rb; the answers as
// app/views/platform/api/v1/models/{_account,_user}.json.jbuilder, users/token.json.jbuilder and
// `render json:` of an account_users row render them.
import { as, outcome, request, seedClients, useSandbox } from "./http";

const ACCOUNTS = "/platform/api/v1/accounts";
const USERS = "/platform/api/v1/users";
const members = (accountId: number) => `${ACCOUNTS}/${accountId}/account_users`;
const PASSWORD = "Sup3r-secret!";

describe("Platform accounts, users and account users", () => {
  const sandbox = useSandbox();
  const { platform1, platform2, admin1 } = seedClients(sandbox);
  const newAccount = async (body: object = { name: "Initech" }) => (await platform1.post(ACCOUNTS, body)).body as { id: number } & Record<string, unknown>;
  const newUser = async (body: object = { name: "Olivia Owner", email: "olivia@initech.test", password: PASSWORD }) => (await platform1.post(USERS, body)).body as { id: number } & Record<string, unknown>;

  describe("authentication and permissibles", () => {
    it("answers 401 Invalid access_token without a Platform App's token", async () => {
      for (const answer of [await request(sandbox().url, "GET", ACCOUNTS), await admin1.post(USERS, { name: "x" })]) {
        expect(outcome(answer)).toEqual([401, { error: "Invalid access_token" }]);
      }
    });

    it("lets an app reach only the accounts and users it made: another's is 401, an unknown id Rails' 404", async () => {
      const account = await newAccount();
      const user = await newUser();
      expect(outcome(await platform2.get(`${ACCOUNTS}/${account.id}`))).toEqual([401, { error: "Non permissible resource" }]);
      expect(outcome(await platform2.patch(`${USERS}/${user.id}`, { name: "Mine" }))).toEqual([401, { error: "Non permissible resource" }]);
      expect(outcome(await platform2.get(members(account.id)))).toEqual([401, { error: "Non permissible resource" }]);
      expect(outcome(await platform1.get(`${ACCOUNTS}/2`))).toEqual([401, { error: "Non permissible resource" }]);
      expect((await platform1.get(`${USERS}/999`)).status).toBe(404);
      // The seed's account 1 is app 1's; the index lists what the app may manage.
      expect(((await platform1.get(ACCOUNTS)).body as { id: number }[]).map((a) => a.id)).toEqual([1, account.id]);
      expect((await platform2.get(ACCOUNTS)).body).toEqual([]);
    });
  });

  describe("accounts", () => {
    // "creates an account with feature flags": the installation's default flags (config/features.yml's `enabled: true`), then the request's.
    it("creates with the permitted fields and features, updates in place, and deletes", async () => {
      const account = await newAccount({ name: "Initech", locale: "de", limits: { agents: 5 }, features: { ip_lookup: true, help_center: false }, dealer: "x" });
      const flags = Object.keys(account.features as object);
      expect(account).toEqual({
        id: 3, name: "Initech", locale: "de", domain: null, support_email: null, features: expect.any(Object), custom_attributes: {}, limits: { agents: 5 }, status: "active",
      });
      expect(flags).toEqual(expect.arrayContaining(["agent_management", "inbox_management", "macros", "ip_lookup"]));
      expect(flags).not.toContain("help_center");
      expect(flags).not.toContain("sla");
      const updated = await platform1.patch(`${ACCOUNTS}/${account.id}`, { status: "suspended", features: { help_center: true, ip_lookup: false } });
      expect(updated.body).toMatchObject({ status: "suspended", features: { help_center: true } });
      expect(updated.body).not.toHaveProperty("features.ip_lookup");
      expect(outcome(await platform1.delete(`${ACCOUNTS}/${account.id}`))).toEqual([200, undefined]);
      expect((await platform1.get(`${ACCOUNTS}/${account.id}`)).status).toBe(404);
    });

    it("refuses a blank name (422) and an unknown status or locale (500)", async () => {
      expect((await platform1.post(ACCOUNTS, { name: " " })).status).toBe(422);
      expect((await platform1.post(ACCOUNTS, { name: "Initech", status: "closed" })).status).toBe(500);
      expect((await platform1.post(ACCOUNTS, { name: "Initech", locale: "pt-BR" })).status).toBe(500);
    });
  });

  describe("users", () => {
    it("creates a confirmed user with an access token that reaches the account API once they are a member", async () => {
      const account = await newAccount();
      const user = await newUser();
      expect(user).toMatchObject({ name: "Olivia Owner", email: "olivia@initech.test", confirmed: true, accounts: [] });
      expect(user.access_token).toBe(sandbox().control.userToken(user.id));
      const asOlivia = as(() => sandbox().url, () => String(user.access_token));
      expect((await asOlivia.get(`/api/v1/accounts/${account.id}/agents`)).status).toBe(401);
      expect((await platform1.post(members(account.id), { user_id: user.id, role: "administrator" })).body).toMatchObject({ user_id: user.id, role: "administrator" });
      expect((await asOlivia.get(`/api/v1/accounts/${account.id}/agents`)).status).toBe(200);
    });

    // app/views/platform/api/v1/models/_user.json.jbuilder: these keys, in this order (no inviter_id or type: the account API's partial has them).
    it("renders the Platform API's user partial, the pubsub token included", async () => {
      const user = await newUser();
      expect(Object.keys(user)).toEqual([
        "access_token", "account_id", "available_name", "avatar_url", "confirmed", "display_name", "message_signature", "email", "id", "name",
        "provider", "pubsub_token", "role", "ui_settings", "uid", "accounts",
      ]);
      expect(user).toMatchObject({ account_id: null, available_name: "Olivia Owner", provider: "email", role: null, ui_settings: {}, uid: "olivia@initech.test" });
      expect(typeof user.pubsub_token).toBe("string");
      expect(sandbox().control.secrets()).toContain(user.pubsub_token);
      expect(((await platform1.get(`${USERS}/${user.id}`)).body as Record<string, unknown>).pubsub_token).toBe(user.pubsub_token);
    });

    it("answers a create for an address in use with that user, unchanged, and grants the app access to it", async () => {
      expect(outcome(await platform1.get(`${USERS}/2`))[0]).toBe(401);
      const answer = await newUser({ name: "Someone Else", email: "BOB@acme.test", password: PASSWORD });
      expect(answer).toMatchObject({ id: 2, name: "Bob Agent", email: "bob@acme.test", accounts: [{ id: 1, role: "agent" }] });
      expect((await platform1.get(`${USERS}/2`)).status).toBe(200);
    });

    it("applies Chatwoot's password rules and address uniqueness", async () => {
      const tooWeak = await platform1.post(USERS, { name: "Weak", email: "weak@initech.test", password: "password" });
      expect(tooWeak.status).toBe(422);
      expect(JSON.stringify(tooWeak.body)).toMatch(/upper-case letter.*digit.*special character/);
      expect((await platform1.post(USERS, { name: "None", email: "none@initech.test" })).body).toMatchObject({ message: "Password can't be blank" });
      const user = await newUser();
      expect((await platform1.patch(`${USERS}/${user.id}`, { email: "Carol@acme.test" })).body).toMatchObject({ message: "Email has already been taken" });
      expect((await platform1.patch(`${USERS}/${user.id}`, { password: "short" })).status).toBe(422);
      expect((await platform1.patch(`${USERS}/${user.id}`, { custom_attributes: { plan: "pro" } })).body).toMatchObject({ custom_attributes: { plan: "pro" } });
      expect((await platform1.patch(`${USERS}/${user.id}`, { custom_attributes: { seats: 3 } })).body).toMatchObject({ custom_attributes: { plan: "pro", seats: 3 } });
      // The request log never holds the password.
      expect(JSON.stringify(sandbox().control.log())).not.toContain(PASSWORD);
      expect(sandbox().control.snapshot().users.find((u) => u.id === user.id)).not.toHaveProperty("password_digest");
    });

    // app/models/user.rb: a missing name breaks the NOT NULL column (User validates none), a blank one is kept;
    // ApplicationRecord's limit on string columns comes first.
    it.each([
      ["no name", { email: "anon@initech.test", password: PASSWORD }, [500, { status: 500, error: "Internal Server Error" }]],
      ["a blank name", { name: "", email: "blank@initech.test", password: PASSWORD }, [200, expect.objectContaining({ name: "", available_name: "" })]],
      ["a name of 256 characters", { name: "n".repeat(256), email: "long@initech.test", password: PASSWORD }, [422, { message: "Name is too long (maximum is 255 characters)", attributes: ["name"] }]],
    ])("answers a create with %s as upstream does", async (_what, body, answer) => {
      expect(outcome(await platform1.post(USERS, body))).toEqual(answer);
    });

    // "return login link for user" and "returns access token for the user with expiry and user info".
    it("answers a user's sign-in link and access token, for the app's users only", async () => {
      const user = await newUser({ name: "Dev", email: "dev+testing@initech.test", password: PASSWORD });
      const login = await platform1.get(`${USERS}/${user.id}/login`);
      expect(login.status).toBe(200);
      const url = (login.body as { url: string }).url;
      expect(url).toMatch(new RegExp(`^${sandbox().url}/app/login\\?email=dev%2Btesting%40initech\\.test&sso_auth_token=[0-9a-f]{64}$`));
      expect(sandbox().control.secrets()).toContain(url.split("sso_auth_token=")[1]);
      const token = await platform1.post(`${USERS}/${user.id}/token`);
      expect(outcome(token)).toEqual([
        200,
        { access_token: user.access_token, expiry: null, user: { id: user.id, name: "Dev", display_name: null, email: "dev+testing@initech.test", pubsub_token: user.pubsub_token } },
      ]);
      for (const [method, path] of [["GET", `${USERS}/${user.id}/login`], ["POST", `${USERS}/${user.id}/token`]] as const) {
        expect(outcome(await platform2.send(method, path))).toEqual([401, { error: "Non permissible resource" }]);
        expect((await platform1.send(method, `${USERS}/999/${path.split("/").pop()}`)).status).toBe(404);
      }
    });

    it("deletes a user with their memberships and token", async () => {
      const user = await newUser();
      await platform1.post(members(1), { user_id: user.id });
      expect(outcome(await platform1.delete(`${USERS}/${user.id}`))).toEqual([200, undefined]);
      expect((await platform1.get(members(1))).body).not.toContainEqual(expect.objectContaining({ user_id: user.id }));
      expect(sandbox().control.userToken(user.id)).toBeUndefined();
    });

    // app/models/user.rb: account users, inbox and team members go; personal macros go (`remove_macros`),
    // global ones stay; dashboard apps keep no user (`dependent: :nullify`).
    it("deletes what goes with a user, and empties what points at them", async () => {
      const user = await newUser();
      await platform1.post(members(1), { user_id: user.id, role: "administrator" });
      const asUser = as(() => sandbox().url, () => String(user.access_token));
      await admin1.post("/api/v1/accounts/1/inbox_members", { inbox_id: 1, user_ids: [user.id] });
      const team = (await admin1.post("/api/v1/accounts/1/teams", { name: "Ops" })).body as { id: number };
      await admin1.post(`/api/v1/accounts/1/teams/${team.id}/team_members`, { user_ids: [user.id] });
      const personal = (await asUser.post("/api/v1/accounts/1/macros", { name: "Mine", visibility: "personal", actions: [] })).body as { payload: { id: number } };
      const global = (await asUser.post("/api/v1/accounts/1/macros", { name: "Ours", visibility: "global", actions: [] })).body as { payload: { id: number } };
      const app = (await asUser.post("/api/v1/accounts/1/dashboard_apps", { title: "CRM", content: [{ type: "frame", url: "https://crm.test" }] })).body as { id: number };
      await platform1.delete(`${USERS}/${user.id}`);
      const state = sandbox().control.snapshot();
      expect(state.inboxes.find((i) => i.id === 1)?.member_ids).not.toContain(user.id);
      expect(state.teams.find((t) => t.id === team.id)?.member_ids).toEqual([]);
      expect(state.macros.map((m) => m.id)).toEqual([global.payload.id]);
      expect(personal.payload.id).not.toBe(global.payload.id);
      expect(state.dashboard_apps.find((a) => a.id === app.id)?.user_id).toBeNull();
    });
  });

  describe("account users", () => {
    // "creates a new account user for the account", "updates the new account user for the account", "returns deletes the account user".
    it("adds as agent by default, sets the role of a member again, and deletes by user id", async () => {
      expect((await platform1.post(members(1), { user_id: 5 })).body).toMatchObject({ account_id: 1, user_id: 5, role: "agent" });
      expect((await platform1.post(members(1), { user_id: 5, role: "administrator" })).body).toMatchObject({ role: "administrator" });
      expect((await platform1.get(members(1))).body).toContainEqual(expect.objectContaining({ user_id: 5, role: "administrator" }));
      expect(outcome(await platform1.delete(members(1), { user_id: 5 }))).toEqual([200, undefined]);
      expect(outcome(await platform1.delete(members(1), { user_id: 5 }))).toEqual([200, undefined]);
      expect((await platform1.get(members(1))).body).not.toContainEqual(expect.objectContaining({ user_id: 5 }));
      expect((await platform1.get(members(999))).status).toBe(404);
    });

    // `render json:` of the rows: every column of account_users, in db/schema.rb's order, listed in id order.
    it("renders each row whole, in id order", async () => {
      const rows = (await platform1.get(members(1))).body as Record<string, unknown>[];
      expect(Object.keys(rows[0] ?? {})).toEqual([
        "id", "account_id", "user_id", "role", "inviter_id", "created_at", "updated_at", "active_at", "availability", "auto_offline", "custom_role_id", "agent_capacity_policy_id",
      ]);
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id as number)].sort((a, b) => a - b));
      const added = (await platform1.post(members(1), { user_id: 5 })).body as Record<string, unknown>;
      expect(added).toMatchObject({ role: "agent", availability: "online", auto_offline: true, custom_role_id: null, agent_capacity_policy_id: null, inviter_id: null, active_at: null });
      expect(Date.parse(String(added.created_at))).toBeGreaterThan(Date.now() - 60_000);
      expect(((await platform1.get(members(1))).body as { id: number }[]).at(-1)?.id).toBe(added.id);
    });

    // `find_or_initialize_by(user_id:)` + `update!`: the enum's ArgumentError, belongs_to's "must exist"; `find_by(...)&.destroy!`.
    it.each([
      ["POST", { user_id: 5, role: "owner" }, [500, { status: 500, error: "Internal Server Error" }]],
      ["POST", { user_id: 999 }, [422, { message: "User must exist", attributes: ["user"] }]],
      ["POST", { role: "agent" }, [422, { message: "User must exist", attributes: ["user"] }]],
      ["DELETE", {}, [200, undefined]],
      ["DELETE", { user_id: 999 }, [200, undefined]],
    ] as const)("answers %s %j as upstream does, changing nothing", async (method, body, answer) => {
      const before = sandbox().control.snapshot().users;
      expect(outcome(await platform1.send(method, members(1), { json: body }))).toEqual(answer);
      expect(sandbox().control.snapshot().users).toEqual(before);
    });

    // AccountUser#destroy queues Agents::DestroyJob: the user leaves the account's inboxes and teams.
    it("takes a removed member out of the account's inboxes and teams", async () => {
      await admin1.post("/api/v1/accounts/1/inbox_members", { inbox_id: 1, user_ids: [3] });
      const team = (await admin1.post("/api/v1/accounts/1/teams", { name: "Ops" })).body as { id: number };
      await admin1.post(`/api/v1/accounts/1/teams/${team.id}/team_members`, { user_ids: [3] });
      await platform1.delete(members(1), { user_id: 3 });
      const state = sandbox().control.snapshot();
      expect(state.inboxes.find((i) => i.id === 1)?.member_ids).not.toContain(3);
      expect(state.teams.find((t) => t.id === team.id)?.member_ids).toEqual([]);
      expect(state.users.find((u) => u.id === 3)?.memberships).toEqual([]);
    });
  });
});
