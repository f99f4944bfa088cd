import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Team;
const base = { name: "Billing Desk", description: "Invoices and refunds", allowAutoAssign: false };

describe.each(SHAPES)("Team (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const path = () => `/api/v1/accounts/${ctx.account.id}/teams`;
  const teamRow = (id: string) => ctx.sb.control.snapshot().teams.find((t) => t.id === Number(id));

  it("creates with one POST of the name in lower case, and returns complete outputs", async () => {
    const state = await create(provider, base);
    expect(ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }))).toEqual([
      { method: "POST", path: path(), body: { name: "billing desk", description: "Invoices and refunds", allow_auto_assign: false } },
    ]);
    expect(state.outs).toEqual({ __inputs: state.inputs, accountId: ctx.account.id, name: "billing desk", description: "Invoices and refunds", allowAutoAssign: false });
    expect(teamRow(state.id)).toMatchObject({ name: "billing desk", allow_auto_assign: false, account_id: ctx.account.id });
  });

  it("fills what the program leaves out from the server (allowAutoAssign defaults to true)", async () => {
    const state = await create(provider, { name: "sales" });
    expect(state.outs).toMatchObject({ name: "sales", description: null, allowAutoAssign: true });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { name: "sales" })).op).toBe("same");
  });

  it("sends nothing on a second up, whatever the case of the name", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { ...base, name: "BILLING DESK" })).op).toBe("same");
    // A state written by a server that keeps the case the user typed (some forks do) is the same team.
    const keptCase = { ...state, outs: { ...state.outs, name: "Billing Desk" } };
    expect((await up(provider, keptCase, base)).op).toBe("same");
    expect(ctx.requests()).toHaveLength(0);
  });

  it("updates with exactly one PATCH holding only the changed field", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, allowAutoAssign: true });
    expect(op).toBe("update");
    expect(ctx.writes().map((w) => ({ method: w.method, path: w.path, body: w.body }))).toEqual([
      { method: "PATCH", path: `${path()}/${state.id}`, body: { allow_auto_assign: true } },
    ]);
    expect(next.outs).toMatchObject({ allowAutoAssign: true, name: "billing desk" });
  });

  it("renames in place, in lower case", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const renamed = await up(provider, state, { ...base, name: "Billing" });
    expect(renamed.op).toBe("update");
    expect(ctx.writes()[0]).toMatchObject({ method: "PATCH", body: { name: "billing" } });
    expect(teamRow(state.id)?.name).toBe("billing");
  });

  it("sees drift made out of band and repairs it with one PATCH", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", `${path()}/${state.id}`, { description: "Changed by hand" });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.description).toBe("Changed by hand");
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, base)).op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { description: "Invoices and refunds" } })]);
  });

  it("reports a team deleted out of band as gone, and deletes idempotently", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", `${path()}/${state.id}`);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("deletes", async () => {
    const state = await create(provider, base);
    await destroy(provider, state);
    expect(teamRow(state.id)).toBeUndefined();
  });

  it("adopts an existing team by name, whatever its case, changing only what differs", async () => {
    const existing = await ctx.admin("POST", path(), { name: "Support", description: "Old text", allow_auto_assign: false });
    ctx.sb.control.clearLog();
    const state = await create(provider, { name: "SUPPORT", description: "Front line", allowAutoAssign: false, adopt: true });
    expect(state.id).toBe(String((existing.body as { id: number }).id));
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { description: "Front line" } })]);
    expect(ctx.sb.control.snapshot().teams.filter((t) => t.account_id === ctx.account.id)).toHaveLength(1);
  });

  it("refuses to create over an existing name without adopt, pointing to adopt", async () => {
    await ctx.admin("POST", path(), { name: "billing desk" });
    ctx.sb.control.clearLog();
    await expect(create(provider, base)).rejects.toThrow(/POST .*teams not sent: team \d+ already has name "billing desk"; set adopt: true/);
    expect(ctx.writes()).toHaveLength(0);
  });

  it("refuses a blank name before any request", async () => {
    await expect(create(provider, { name: "   " })).rejects.toThrow(/name: must not be blank/);
    expect(ctx.requests()).toHaveLength(0);
  });

  it("replaces (deleting first) when the account changes", async () => {
    const state = await create(provider, base);
    const moved = await up(provider, state, { ...base, accountId: 2 });
    expect(moved.op).toBe("replace");
    expect(moved.diff.deleteBeforeReplace).toBe(true);
  });
});
