import { resources } from "../../provider";
import { RESOURCE_TYPES } from "../../provider/registry";
import { create, destroy, refresh, up, type State } from "./support/engine";
import { useSandbox } from "./support/sandbox";

const ctx = useSandbox();
const PASSWORD = "Sup3r-secret!";
const snapshot = () => ctx.sb.control.snapshot();

describe("PlatformAccount", () => {
  const provider = resources.PlatformAccount;
  const base = { name: "Initech", locale: "de", limits: { agents: 5, inboxes: 3 }, features: { help_center: true, channel_email: false } };

  it("creates with one POST, reads back complete outputs, and a second up sends nothing", async () => {
    const state = await create(provider, base);
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "POST", path: "/platform/api/v1/accounts", body: { name: "Initech", locale: "de", limits: { agents: 5, inboxes: 3 }, features: { help_center: true, channel_email: false } } }),
    ]);
    expect(state.outs).toMatchObject({ name: "Initech", locale: "de", status: "active", limits: { agents: 5, inboxes: 3 }, features: { help_center: true, channel_email: false } });
    // The installation's default flags are on too (channel_email among them, turned off here); only the named ones are outputs.
    const flags = snapshot().accounts.find((a) => a.id === Number(state.id))?.features;
    expect(flags).toEqual(expect.arrayContaining(["help_center", "agent_management"]));
    expect(flags).not.toContain("channel_email");
    expect(Object.keys(state.outs.features as object)).toEqual(["channel_email", "help_center"]);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("updates with one PATCH of the changed fields only", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, status: "suspended", features: { help_center: false, channel_email: false } });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", path: `/platform/api/v1/accounts/${state.id}`, body: { status: "suspended", features: { help_center: false, channel_email: false } } }),
    ]);
    expect(next.outs).toMatchObject({ status: "suspended", features: { help_center: false, channel_email: false } });
  });

  it("refresh shows a change made by hand, reports a deleted account as gone, and delete succeeds", async () => {
    const state = await create(provider, base);
    await ctx.platform("PATCH", `/platform/api/v1/accounts/${state.id}`, { name: "Renamed", features: { channel_email: true } });
    expect((await refresh(provider, state))?.outs).toMatchObject({ name: "Renamed", features: { help_center: true, channel_email: true } });
    await destroy(provider, state);
    expect(snapshot().accounts.map((a) => a.id)).not.toContain(Number(state.id));
    expect(await refresh(provider, state)).toBeUndefined();
  });

  it("never takes another account of the same name, and makes the new account usable by the account API", async () => {
    const twin = (await ctx.platform("POST", "/platform/api/v1/accounts", { name: "Initech" })).body as { id: number };
    const state = await create(provider, base);
    expect(state.id).not.toBe(String(twin.id));
    // The app's Platform users join it, and their tokens reach the account API.
    const user = await create(resources.PlatformUser, { name: "Olivia Owner", email: "olivia@initech.test", password: PASSWORD });
    await create(resources.PlatformAccountUser, { accountId: Number(state.id), userId: Number(user.id), role: "administrator" });
    const token = ctx.sb.control.userToken(Number(user.id))!;
    const res = await fetch(`${ctx.sb.url}/api/v1/accounts/${state.id}/agents`, { headers: { api_access_token: token } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }[]).map((a) => a.email)).toEqual(["olivia@initech.test"]);
  });
});

describe("PlatformUser", () => {
  const provider = resources.PlatformUser;
  const base = { name: "Olivia Owner", email: "Olivia@Initech.test", password: PASSWORD, displayName: "Olivia" };
  const serverUser = (id: string) => snapshot().users.find((u) => u.id === Number(id));

  it("creates a confirmed user with one POST; outputs and kept inputs hold a digest of the password only", async () => {
    const state = await create(provider, base);
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "POST", path: "/platform/api/v1/users" })]);
    expect(serverUser(state.id)).toMatchObject({ email: "olivia@initech.test", name: "Olivia Owner", display_name: "Olivia", confirmed: true });
    expect(state.outs).toMatchObject({ email: "olivia@initech.test", confirmed: true, availableName: "Olivia" });
    expect(state.outs.password).toMatch(/^scrypt\$/);
    const text = JSON.stringify(state.outs);
    expect(text).not.toContain(PASSWORD);
    // The user's own API token, which the view carries, is the output accessToken (for a provider
    // of the user's account), which the registry makes a secret output.
    expect(state.outs.accessToken).toBe(ctx.sb.control.userToken(Number(state.id)));
    expect((RESOURCE_TYPES.find((t) => t.name === "PlatformUser") as { secretOutputs?: readonly string[] } | undefined)?.secretOutputs).toContain("accessToken");
  });

  it("sends a changed password alone in one PATCH, and nothing when it is unchanged", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    const { op, state: next } = await up(provider, state, { ...base, password: "An0ther-one?" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: `/platform/api/v1/users/${state.id}` })]);
    expect(Object.keys(ctx.writes()[0]!.body as object)).toEqual(["password"]);
    expect(JSON.stringify(next.outs)).not.toContain("An0ther-one?");
    expect((await up(provider, next, { ...base, password: "An0ther-one?" })).op).toBe("same");
  });

  it("refuses the answer of a create for an address an existing user has, and keeps nothing", async () => {
    // Bob is an agent of account 1: Chatwoot answers the create with him, unchanged.
    await expect(create(provider, { ...base, email: "bob@acme.test" })).rejects.toThrow(/user 2, who existed before.*adoptId: 2/s);
    expect(serverUser("2")).toMatchObject({ name: "Bob Agent" });
    expect(JSON.stringify(ctx.sb.control.log())).not.toContain(PASSWORD);
  });

  it("adopts by id only a user this Platform App may manage, then sets the password", async () => {
    await expect(create(provider, { ...base, email: "bob@acme.test", adoptId: 2 })).rejects.toThrow(/adoptId 2: this Platform App may not manage that user/);
    expect(ctx.writes()).toHaveLength(0);
    const made = (await ctx.platform("POST", "/platform/api/v1/users", { name: "Old", email: "olivia@initech.test", password: "0ld-Password" })).body as { id: number };
    ctx.sb.control.clearLog();
    const state = await create(provider, { ...base, adoptId: made.id });
    expect(state.id).toBe(String(made.id));
    expect(ctx.writes()).toHaveLength(1);
    expect(serverUser(state.id)).toMatchObject({ name: "Olivia Owner" });
  });

  it("refresh reports a deleted user as gone; another app's user is an error, not gone", async () => {
    const state = await create(provider, base);
    ctx.connect({ platformAccessToken: ctx.sb.info.platformTokens[1]! });
    await expect(refresh(provider, state)).rejects.toThrow(/401/);
    ctx.connect();
    await destroy(provider, state);
    expect(serverUser(state.id)).toBeUndefined();
    expect(await refresh(provider, state)).toBeUndefined();
  });
});

describe("PlatformAccountUser", () => {
  const provider = resources.PlatformAccountUser;
  let account: State;
  beforeEach(async () => {
    account = await create(resources.PlatformAccount, { name: "Initech" });
    ctx.sb.control.clearLog();
  });
  const roleOf = (userId: number) => snapshot().users.find((u) => u.id === userId)?.memberships.find((m) => m.account_id === Number(account.id))?.role;

  it("adds with one POST, changes the role with one POST, and removes with a DELETE naming the user", async () => {
    const state = await create(provider, { accountId: Number(account.id), userId: "5", role: "agent" });
    expect(state.id).toBe("5");
    expect(roleOf(5)).toBe("agent");
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { accountId: Number(account.id), userId: 5, role: "agent" })).op).toBe("same");
    const { op } = await up(provider, state, { accountId: Number(account.id), userId: 5, role: "administrator" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "POST", path: `/platform/api/v1/accounts/${account.id}/account_users`, body: { user_id: 5, role: "administrator" } })]);
    expect(roleOf(5)).toBe("administrator");
    await destroy(provider, state);
    expect(roleOf(5)).toBeUndefined();
    expect(await refresh(provider, state)).toBeUndefined();
  });

  it("refuses a user who already is a member before any write, unless adopt", async () => {
    await ctx.platform("POST", `/platform/api/v1/accounts/${account.id}/account_users`, { user_id: 5, role: "administrator" });
    ctx.sb.control.clearLog();
    await expect(create(provider, { accountId: Number(account.id), userId: 5, role: "agent" })).rejects.toThrow(/user 5/);
    expect(ctx.writes()).toHaveLength(0);
    expect(roleOf(5)).toBe("administrator");
    await create(provider, { accountId: Number(account.id), userId: 5, role: "agent", adopt: true });
    expect(roleOf(5)).toBe("agent");
  });

  it("replaces on another user or account", async () => {
    const state = await create(provider, { accountId: Number(account.id), userId: 5 });
    expect((await up(provider, state, { accountId: Number(account.id), userId: 4 })).op).toBe("replace");
  });
});
