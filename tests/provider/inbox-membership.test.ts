import { resources } from "../../provider";
import { create, destroy, refresh, up, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.InboxMembership;

// Seed (sdk/sandbox/seed.ts): account 1 has users 1–4 and inboxes 1 (members 2, 4), 2 (member 3)
// and 3 (no members); user 5 belongs to account 2 only, whose inbox is 4.
describe.each(SHAPES)("InboxMembership (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const collection = () => `/api/v1/accounts/${ctx.account.id}/inbox_members`;
  /** Every member row of an inbox, including users the API hides (another account's). */
  const memberRows = (inboxId: number) => {
    const inbox = ctx.sb.control.snapshot().inboxes.find((i) => i.id === inboxId);
    return [...(inbox?.member_ids ?? [])].sort((a, b) => a - b);
  };
  const writes = () => ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }));
  const foreignUser = () => ctx.sb.info.accounts[1].userIds.find((id) => !ctx.account.userIds.includes(id))!;

  describe("listed members (non-exclusive)", () => {
    it("creates with one POST of the listed users and returns complete outputs", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [3, 2] });
      expect(writes()).toEqual([{ method: "POST", path: collection(), body: { inbox_id: 3, user_ids: [3, 2] } }]);
      expect(state.id).toBe(`${ctx.account.id}/3`);
      expect(state.outs).toMatchObject({ accountId: ctx.account.id, inboxId: 3, userIds: [3, 2], exclusive: false });
      const agents = state.outs.agents as Record<string, unknown>[];
      expect(agents.map((a) => a.id)).toEqual([2, 3]);
      for (const agent of agents) {
        for (const key of ["accountId", "availabilityStatus", "autoOffline", "confirmed", "email", "availableName", "name", "role", "thumbnail", "customRoleId"]) {
          expect(agent).toHaveProperty(key);
        }
      }
      expect(agents[0]).toMatchObject({ accountId: ctx.account.id, email: "bob@acme.test", role: "agent" });
      expect(memberRows(3)).toEqual([2, 3]);
    });

    it("refreshes an unchanged membership to the same complete outputs, with one GET", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [3, 2] });
      ctx.sb.control.clearLog();
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.id).toBe(state.id);
      expect(refreshed.outs).toEqual(state.outs);
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${collection()}/3`]);
    });

    it("creates with one POST (after the account's agents, listed once for the run's creates), leaving other members alone", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [2, 3] });
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/accounts/${ctx.account.id}/agents`, `POST ${collection()}`]);
      // POST adds only users who are not members yet (2 already is): repeating one is harmless.
      expect(writes()).toEqual([{ method: "POST", path: collection(), body: { inbox_id: 1, user_ids: [2, 3] } }]);
      expect(memberRows(1)).toEqual([2, 3, 4]);
      expect(state.outs.userIds).toEqual([2, 3]);
      expect((state.outs.agents as { id: number }[]).map((a) => a.id)).toEqual([2, 3, 4]);
    });

    it("adopts users who already are members, their POST changing nothing", async () => {
      const before = ctx.sb.control.snapshot().inboxes.find((i) => i.id === 1);
      const state = await create(provider, { inboxId: 1, userIds: [4, 2] });
      expect(ctx.sb.control.snapshot().inboxes.find((i) => i.id === 1)).toEqual(before);
      expect(state.outs.userIds).toEqual([4, 2]);
    });

    it("asks again before refusing a user its shared listing predates (an agent invited meanwhile)", async () => {
      const admin = (method: string, path: string, body?: unknown) => ctx.admin(method, `/api/v1/accounts/${ctx.account.id}${path}`, body);
      const joining = ctx.sb.control.snapshot().users.find((u) => u.id === foreignUser());
      // A membership's create holds the shared listing open while the person is invited ...
      ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/inbox_members", kind: "delay", delayMs: 400, times: 1 });
      const first = create(provider, { inboxId: 1, userIds: [3] });
      while (!ctx.requests().some((r) => r.method === "GET" && r.path.endsWith("/agents"))) await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await admin("POST", "/agents", { email: joining?.email, name: joining?.name, role: "agent" })).status).toBe(200);
      // ... and a second create, for the new agent, joins that batch.
      const second = await create(provider, { inboxId: 2, userIds: [foreignUser()] });
      await first;
      expect(second.outs.userIds).toEqual([foreignUser()]);
      expect(ctx.requests().filter((r) => r.method === "GET" && r.path.endsWith("/agents"))).toHaveLength(2);
    });

    it("with adopt, lists the inbox's members instead and sends no write when every user is a member already", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [4, 2], adopt: true });
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${collection()}/1`]);
      expect(state.outs.userIds).toEqual([4, 2]);
    });

    it("with adopt, adds only the users who are not members yet", async () => {
      await create(provider, { inboxId: 1, userIds: [2, 3], adopt: true });
      expect(writes()).toEqual([{ method: "POST", path: collection(), body: { inbox_id: 1, user_ids: [3] } }]);
      expect(memberRows(1)).toEqual([2, 3, 4]);
    });

    it("lists the account's agents once for the memberships created together", async () => {
      await Promise.all([create(provider, { inboxId: 1, userIds: [3] }), create(provider, { inboxId: 2, userIds: [2] }), create(provider, { inboxId: 3, userIds: [4] })]);
      const requests = ctx.requests().map((r) => r.method);
      expect(requests.filter((m) => m === "GET")).toHaveLength(1);
      expect(requests.filter((m) => m === "POST")).toHaveLength(3);
    });

    it("takes ids as resources' id outputs (digits as text), sends them as integers, and sees no change from the numbers", async () => {
      const state = await create(provider, { inboxId: "3", userIds: ["3", 2] });
      expect(writes()).toEqual([{ method: "POST", path: collection(), body: { inbox_id: 3, user_ids: [3, 2] } }]);
      expect(state.outs).toMatchObject({ inboxId: 3, userIds: [3, 2] });
      ctx.sb.control.clearLog();
      expect((await up(provider, state, { inboxId: 3, userIds: [2, 3] })).op).toBe("same");
      expect(ctx.requests()).toHaveLength(0);
    });

    it("sends nothing on a second up with the same users in another order", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2, 3] });
      ctx.sb.control.clearLog();
      expect((await up(provider, state, { inboxId: 3, userIds: [3, 2] })).op).toBe("same");
      expect(ctx.requests()).toHaveLength(0);
    });

    it("updates by removing the dropped users (DELETE) and adding the new ones (POST), nothing else", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [2, 3] });
      ctx.sb.control.clearLog();
      const { op, state: next } = await up(provider, state, { inboxId: 1, userIds: [3, 1] });
      expect(op).toBe("update");
      expect(writes()).toEqual([
        { method: "DELETE", path: collection(), body: { inbox_id: 1, user_ids: [2] } },
        { method: "POST", path: collection(), body: { inbox_id: 1, user_ids: [1] } },
      ]);
      expect(memberRows(1)).toEqual([1, 3, 4]); // user 4 was never listed: untouched
      expect(next.outs).toMatchObject({ userIds: [3, 1], exclusive: false });
      expect((next.outs.agents as { id: number }[]).map((a) => a.id)).toEqual([1, 3, 4]);
    });

    it("a removal alone is one DELETE, and the outputs drop the user", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2, 3] });
      ctx.sb.control.clearLog();
      const { state: next } = await up(provider, state, { inboxId: 3, userIds: [3] });
      expect(writes()).toEqual([{ method: "DELETE", path: collection(), body: { inbox_id: 3, user_ids: [2] } }]);
      expect(next.outs.userIds).toEqual([3]);
      expect((next.outs.agents as { id: number }[]).map((a) => a.id)).toEqual([3]);
    });

    it("shows a user removed out of band as drift and re-adds only that user", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2, 3] });
      await ctx.admin("DELETE", collection(), { inbox_id: 3, user_ids: [3] });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.userIds).toEqual([2]);
      expect((refreshed.outs.agents as { id: number }[]).map((a) => a.id)).toEqual([2]);
      ctx.sb.control.clearLog();
      const { op } = await up(provider, refreshed, { inboxId: 3, userIds: [2, 3] });
      expect(op).toBe("update");
      expect(writes()).toEqual([{ method: "POST", path: collection(), body: { inbox_id: 3, user_ids: [3] } }]);
      expect(memberRows(3)).toEqual([2, 3]);
    });

    it("ignores members added out of band", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2] });
      await ctx.admin("POST", collection(), { inbox_id: 3, user_ids: [1] });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.userIds).toEqual([2]);
      ctx.sb.control.clearLog();
      expect((await up(provider, refreshed, { inboxId: 3, userIds: [2] })).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("deletes only the listed users", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [3] });
      ctx.sb.control.clearLog();
      await destroy(provider, state);
      expect(writes()).toEqual([{ method: "DELETE", path: collection(), body: { inbox_id: 1, user_ids: [3] } }]);
      expect(memberRows(1)).toEqual([2, 4]);
    });
  });

  describe("exclusive", () => {
    it("makes the inbox hold exactly the listed users with one PATCH", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [3], exclusive: true });
      expect(writes()).toEqual([{ method: "PATCH", path: collection(), body: { inbox_id: 1, user_ids: [3] } }]);
      expect(memberRows(1)).toEqual([3]);
      expect(state.outs).toMatchObject({ userIds: [3], exclusive: true });
    });

    it("shows any member added out of band as drift and removes it with one PATCH", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2], exclusive: true });
      await ctx.admin("POST", collection(), { inbox_id: 3, user_ids: [4, 1] });
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.userIds).toEqual([2, 1, 4]);
      ctx.sb.control.clearLog();
      expect((await up(provider, refreshed, { inboxId: 3, userIds: [2], exclusive: true })).op).toBe("update");
      expect(writes()).toEqual([{ method: "PATCH", path: collection(), body: { inbox_id: 3, user_ids: [2] } }]);
      expect(memberRows(3)).toEqual([2]);
    });

    it("switching exclusive on is one PATCH; switching it off sends nothing", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [2] });
      ctx.sb.control.clearLog();
      const on = await up(provider, state, { inboxId: 1, userIds: [2], exclusive: true });
      expect(writes()).toEqual([{ method: "PATCH", path: collection(), body: { inbox_id: 1, user_ids: [2] } }]);
      expect(memberRows(1)).toEqual([2]);
      ctx.sb.control.clearLog();
      const off = await up(provider, on.state, { inboxId: 1, userIds: [2] });
      expect(off.op).toBe("update");
      expect(ctx.requests()).toHaveLength(0);
      expect(off.state.outs).toMatchObject({ userIds: [2], exclusive: false });
    });

    it("an empty exclusive list removes everyone when allowEmpty says so", async () => {
      await create(provider, { inboxId: 1, userIds: [], exclusive: true, allowEmpty: true });
      expect(writes()).toEqual([{ method: "PATCH", path: collection(), body: { inbox_id: 1, user_ids: [] } }]);
      expect(memberRows(1)).toEqual([]);
    });

    it("allowEmpty is a permission for check only: setting it on a membership is no change", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [3], exclusive: true });
      ctx.sb.control.clearLog();
      expect((await up(provider, state, { inboxId: 1, userIds: [3], exclusive: true, allowEmpty: true })).op).toBe("same");
      expect(ctx.requests()).toHaveLength(0);
    });
  });

  describe("gone and replaced", () => {
    it("reports a membership whose inbox no longer exists as gone, and deletes it without error", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2] });
      // The sandbox cannot delete inboxes; a state for an id the account has no inbox under is the same answer (404).
      const orphan: State = { ...state, id: `${ctx.account.id}/99`, outs: { ...state.outs, inboxId: 99 } };
      expect(await refresh(provider, orphan)).toBeUndefined();
      await expect(destroy(provider, orphan)).resolves.toBeUndefined();
    });

    it("replaces when the inbox or the account changes, updates in place otherwise", async () => {
      const state = await create(provider, { inboxId: 3, userIds: [2] });
      expect((await up(provider, state, { inboxId: 2, userIds: [2] })).op).toBe("replace");
      expect((await up(provider, state, { accountId: 2, inboxId: 3, userIds: [2] })).op).toBe("replace");
      expect((await up(provider, state, { inboxId: 3, userIds: [2, 3] })).op).toBe("update");
    });
  });

  describe("refused changes leave nothing behind", () => {
    it("names the user ids when a user does not exist, before any write", async () => {
      const err = (await create(provider, { inboxId: 3, userIds: [2, 999] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toMatch(/POST .*inbox_members not sent: user ids 999 are not agents of account/);
      expect(ctx.writes()).toHaveLength(0);
      expect(memberRows(3)).toEqual([]);
    });

    it("refuses a user of another account, which Chatwoot would add without listing it, before any write", async () => {
      const foreign = foreignUser();
      const err = (await create(provider, { inboxId: 3, userIds: [2, foreign] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain(`user ids ${foreign} are not agents of account ${ctx.account.id}`);
      expect(ctx.writes()).toHaveLength(0);
      expect(memberRows(3)).toEqual([]);
    });

    it("takes out again a user the POST added but the answer does not list (removed from the account after the listing)", async () => {
      const admin = (method: string, path: string, body?: unknown) => ctx.admin(method, `/api/v1/accounts/${ctx.account.id}${path}`, body);
      // A user of the other account joins this one, so the listing shows them as an agent here ...
      const joined = ctx.sb.control.snapshot().users.find((u) => u.id === foreignUser());
      expect((await admin("POST", "/agents", { email: joined?.email, name: joined?.name, role: "agent" })).status).toBe(200);
      ctx.sb.control.inject({ method: "POST", path: "/api/v1/accounts/:account/inbox_members", kind: "delay", delayMs: 600, times: 1 });
      const creating = create(provider, { inboxId: 3, userIds: [2, foreignUser()] }).catch((e: unknown) => e);
      // ... and leaves it once the create has listed the agents, while its POST is held: upstream
      // adds them anyway, without listing them.
      while (!ctx.requests().some((r) => r.method === "GET" && r.path.endsWith("/agents"))) await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await admin("DELETE", `/agents/${foreignUser()}`)).status).toBe(200);
      const err = (await creating) as Error;
      expect(err.message).toContain(`user ids ${foreignUser()} are not users of account ${ctx.account.id}`);
      expect(err.message).toContain("undone");
      expect(memberRows(3)).toEqual([2]);
    });

    it("undoes the removals of an update whose additions are refused", async () => {
      const state = await create(provider, { inboxId: 1, userIds: [2, 3] });
      const err = (await up(provider, state, { inboxId: 1, userIds: [3, foreignUser()] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("are not users of account");
      expect(memberRows(1)).toEqual([2, 3, 4]);
    });

    it("undoes an exclusive PATCH that added a user of another account", async () => {
      const err = (await create(provider, { inboxId: 1, userIds: [3, foreignUser()], exclusive: true }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("are not users of account");
      expect(memberRows(1)).toEqual([2, 4]);
    });

    it("refuses an inbox of another account with a clear error, changing nothing", async () => {
      const foreignInbox = ctx.sb.info.accounts[1].inboxIds[0];
      const before = ctx.sb.control.snapshot().inboxes;
      const err = (await create(provider, { inboxId: foreignInbox, userIds: [2] }).catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("404");
      expect(err.message).toContain(`inbox ${foreignInbox} does not exist in account ${ctx.account.id}`);
      expect(ctx.sb.control.snapshot().inboxes).toEqual(before);
    });
  });
});
