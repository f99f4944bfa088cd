// Upstream at fd5ac2a8a: spec/controllers/platform/api/v1/{accounts,users,account_users}_controller_spec.rb;
// the answers as app/views/platform/api/v1/models/{_account,_user}.json.jbuilder render them.
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
    it("creates with the permitted fields and features, updates in place, and deletes", async () => {
      const account = await newAccount({ name: "Initech", locale: "de", limits: { agents: 5 }, features: { help_center: true, ip_lookup: false }, dealer: "x" });
      expect(account).toEqual({
        id: 3, name: "Initech", locale: "de", domain: null, support_email: null, features: { help_center: true }, custom_attributes: {}, limits: { agents: 5 }, status: "active",
      });
      const updated = await platform1.patch(`${ACCOUNTS}/${account.id}`, { status: "suspended", features: { help_center: false, ip_lookup: true } });
      expect(updated.body).toMatchObject({ status: "suspended", features: { ip_lookup: true } });
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

    it("deletes a user with their memberships and token", async () => {
      const user = await newUser();
      await platform1.post(members(1), { user_id: user.id });
      expect(outcome(await platform1.delete(`${USERS}/${user.id}`))).toEqual([200, undefined]);
      expect((await platform1.get(members(1))).body).not.toContainEqual(expect.objectContaining({ user_id: user.id }));
      expect(sandbox().control.userToken(user.id)).toBeUndefined();
    });
  });

  describe("account users", () => {
    it("adds as agent by default, sets the role of a member again, refuses an unknown role or user, and deletes by user id", async () => {
      expect((await platform1.post(members(1), { user_id: 5 })).body).toMatchObject({ account_id: 1, user_id: 5, role: "agent" });
      expect((await platform1.post(members(1), { user_id: 5, role: "administrator" })).body).toMatchObject({ role: "administrator" });
      expect((await platform1.get(members(1))).body).toContainEqual(expect.objectContaining({ user_id: 5, role: "administrator" }));
      expect((await platform1.post(members(1), { user_id: 5, role: "owner" })).status).toBe(400);
      expect(outcome(await platform1.post(members(1), { user_id: 999 }))).toEqual([422, { message: "User must exist", attributes: ["user"] }]);
      expect(outcome(await platform1.delete(members(1), { user_id: 5 }))).toEqual([200, undefined]);
      expect(outcome(await platform1.delete(members(1), { user_id: 5 }))).toEqual([200, undefined]);
      expect((await platform1.get(members(1))).body).not.toContainEqual(expect.objectContaining({ user_id: 5 }));
      expect((await platform1.get(members(999))).status).toBe(404);
    });
  });
});
