/**
 * Agent: a person of the installation with a role in the account (`/agents`), invited by e-mail
 * address. Seed: account 1 has Alice (1, administrator), Bob (2), Carol (3) and Dana (4, also of
 * account 2); Erin (5) is account 2's administrator only; custom role 1 belongs to account 1.
 */
import { resources } from "../../provider";
import { Agent } from "../../sdk/agent";
import { getAgentsOutput } from "../../sdk/get-agents";
import type { Registration } from "../harness/program-monitor";
import { create, destroy, refresh, up } from "./support/engine";
import { inProgram, outputValue } from "./support/in-program";
import { useSandbox } from "./support/sandbox";

const provider = resources.Agent;
const frank = { email: "frank@acme.test", name: "Frank Example", role: "agent" };

describe("Agent", () => {
  const ctx = useSandbox();
  const agents = () => `/api/v1/accounts/${ctx.account.id}/agents`;
  const user = (id: number | string) => ctx.sb.control.snapshot().users.find((u) => u.id === Number(id));
  const membership = (id: number | string, account = ctx.account.id) => user(id)?.memberships.find((m) => m.account_id === account);
  /** A custom role of the account (Enterprise), made by hand: its id. */
  const customRole = async () => {
    const made = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/custom_roles`, { name: "Supervisor", permissions: ["report_manage"] });
    return (made.body as { id: number }).id;
  };

  it("invites a new person with one POST and returns complete outputs", async () => {
    const state = await create(provider, { ...frank, email: "Frank@Acme.test" });
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "POST", path: agents(), body: { email: "frank@acme.test", name: "Frank Example", role: "agent", custom_role_id: null } }),
    ]);
    expect(state.outs).toEqual({
      __inputs: state.inputs,
      ...frank,
      accountId: ctx.account.id,
      availabilityStatus: "offline",
      autoOffline: true,
      customRoleId: null,
      confirmed: false,
      availableName: "Frank Example",
      thumbnail: "",
    });
    expect(user(state.id)).toMatchObject({ email: "frank@acme.test", confirmed: false });
  });

  it("keeps the declared availability while Chatwoot reports someone not signed in as offline: a second up sends nothing", async () => {
    const declared = { ...frank, availabilityStatus: "busy" };
    const state = await create(provider, declared);
    expect(membership(state.id)?.availability).toBe("busy");
    expect(state.outs.availabilityStatus).toBe("busy");
    ctx.sb.control.clearLog();
    expect((await up(provider, state, declared)).op).toBe("same");
    expect((await up(provider, (await refresh(provider, state))!, declared)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("changes the role with one PATCH that also carries the custom role, which Enterprise servers would otherwise clear", async () => {
    const role = await customRole();
    const state = await create(provider, { ...frank, customRoleId: role });
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...frank, customRoleId: role, role: "administrator" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: `${agents()}/${state.id}`, body: { role: "administrator", custom_role_id: role } })]);
    expect(next.outs).toMatchObject({ role: "administrator", customRoleId: role });
    expect(membership(state.id)).toMatchObject({ role: "administrator", custom_role_id: role });
  });

  it("keeps a custom role it does not manage through every change", async () => {
    const role = await customRole();
    const state = await create(provider, frank);
    expect((await ctx.admin("PATCH", `${agents()}/${state.id}`, { custom_role_id: role })).status).toBe(200);
    const seen = (await refresh(provider, state))!;
    await up(provider, seen, { ...frank, name: "Frank E." });
    expect(ctx.writes().at(-1)?.body).toEqual({ name: "Frank E.", custom_role_id: role });
    expect(membership(state.id)?.custom_role_id).toBe(role);
  });

  it("adds a user of another account, who keeps their id, and renames them with one more PATCH when the name differs", async () => {
    const state = await create(provider, { email: "erin@globex.test", name: "Erin Example", role: "administrator" });
    expect(state.id).toBe("5");
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${agents()}`, `PATCH ${agents()}/5`]);
    expect(ctx.writes()[1]!.body).toEqual({ name: "Erin Example", custom_role_id: null });
    expect(user(5)?.memberships.map((m) => [m.account_id, m.role])).toEqual([
      [2, "administrator"],
      [1, "administrator"],
    ]);
    expect(state.outs).toMatchObject({ name: "Erin Example", role: "administrator" });
  });

  it("refuses an address that is already an agent of the account before any write, and adopts it with adopt", async () => {
    await expect(create(provider, { email: "bob@acme.test", name: "Bob Agent" })).rejects.toThrow(
      /^check failed: POST \S+agents not sent: agent 2 already has email "bob@acme.test"; set adopt: true/,
    );
    expect(ctx.writes()).toHaveLength(0);
    const adopted = await create(provider, { email: "BOB@acme.test", name: "Bob Agent", role: "administrator", adopt: true });
    expect(adopted.id).toBe("2");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: `${agents()}/2`, body: { role: "administrator", custom_role_id: null } })]);
    expect(adopted.outs.adopted).toBe(true);
  });

  it("sees drift made in the dashboard and repairs it with one PATCH", async () => {
    const declared = { ...frank, autoOffline: false, availabilityStatus: "online" };
    const state = await create(provider, declared);
    expect((await ctx.admin("PATCH", `${agents()}/${state.id}`, { role: "administrator", availability: "busy" })).status).toBe(200);
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ role: "administrator", availabilityStatus: "busy" });
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, declared)).op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { role: "agent", availability: "online", custom_role_id: null } })]);
  });

  it("deletes with one DELETE: the person leaves this account only (an adopted agent is only forgotten)", async () => {
    // Erin, an administrator of account 2, joins account 1 through the resource.
    const erin = await create(provider, { email: "erin@globex.test", name: "Erin Admin" });
    ctx.sb.control.clearLog();
    await destroy(provider, erin);
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "DELETE", path: `${agents()}/5`, status: 200 })]);
    expect(user(5)?.memberships.map((m) => m.account_id)).toEqual([2]);
    // Dana was an agent of account 1 before: adopted, she stays.
    const dana = await create(provider, { email: "dana@shared.test", name: "Dana Shared", adopt: true });
    ctx.sb.control.clearLog();
    await destroy(provider, dana);
    expect(ctx.writes()).toEqual([]);
    expect(user(4)?.memberships.map((m) => m.account_id)).toEqual(expect.arrayContaining([1, 2]));
  });

  it("reports a person removed by hand as gone, and deletes idempotently", async () => {
    const state = await create(provider, { email: "carol@acme.test", name: "Carol Agent", adopt: true });
    expect((await ctx.admin("DELETE", `${agents()}/3`)).status).toBe(200);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("replaces the agent, removing the old person first, when the address changes", async () => {
    const state = await create(provider, frank);
    const moved = await up(provider, state, { ...frank, email: "frank.e@acme.test" });
    expect(moved.op).toBe("replace");
    expect(moved.diff).toMatchObject({ replaces: ["email"], deleteBeforeReplace: true });
    // The address in another case is the same person.
    expect((await up(provider, state, { ...frank, email: "FRANK@acme.test" })).op).toBe("same");
  });

  it("finds a user of another account whose invitation's answer was lost, instead of inviting again", async () => {
    ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/agents", kind: "lost-response" });
    const state = await create(provider, { email: "erin@globex.test", name: "Erin Admin" });
    expect(state.id).toBe("5");
    expect(ctx.writes().filter((w) => w.method === "POST")).toHaveLength(1);
  });

  it("names the administrator's token when an agent's token is refused", async () => {
    ctx.connect({ apiAccessToken: ctx.account.agentToken! });
    try {
      await expect(create(provider, frank)).rejects.toThrow(/POST \S+agents: 401.*administrator/);
    } finally {
      ctx.connect();
    }
  });

  it("in a program: getAgents takes an Agent's address, and an Agent registers under its own type", async () => {
    const registered: Registration[] = [];
    const config = { "chatwoot:url": ctx.sb.url, "chatwoot:apiAccessToken": ctx.account.adminToken, "chatwoot:accountId": String(ctx.account.id) };
    const found = await inProgram(
      config,
      async () => {
        const carol = new Agent("carol", { email: "carol@acme.test", name: "Carol Agent", adopt: true });
        return outputValue(getAgentsOutput({ email: carol.email }).agents);
      },
      (r) => registered.push(r),
    );
    ctx.connect();
    expect(found.map((a) => a.id)).toEqual([3]);
    expect(registered.find((r) => r.name === "carol")).toMatchObject({ type: "pulumi-nodejs:dynamic/chatwoot:Agent", inputs: { email: "carol@acme.test" } });
  });
});
