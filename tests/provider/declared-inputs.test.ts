import { resources } from "../../provider";
import { DECLARED_KEY, withoutInternal } from "../../provider/lifecycle/json";
import { create, refresh, up } from "./support/engine";
import { useSandbox } from "./support/sandbox";

/**
 * Refresh hands the engine the inputs of the last create or update, with each property the server
 * no longer matches set to the server's value: Pulumi's display lists the properties whose stored
 * and new inputs differ, so the preview after a refresh names the drifted ones.
 */
const team = resources.Team;
const label = resources.Label;
const base = { name: "Billing Desk", description: "Invoices and refunds", allowAutoAssign: false };
const SECRET_SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

describe("declared inputs kept for refresh", () => {
  const ctx = useSandbox();
  const teamPath = (id: string) => `/api/v1/accounts/${ctx.account.id}/teams/${id}`;

  it("create keeps the checked inputs as a secret output, which Pulumi stores encrypted", async () => {
    const raw = await team.create({ accountId: ctx.account.id, ...base });
    expect(raw.outs[DECLARED_KEY]).toEqual({ ...SECRET_SIG, value: { accountId: ctx.account.id, ...base } });
  });

  it("refresh without drift hands back the declared inputs as they were", async () => {
    const state = await create(team, base);
    const refreshed = (await refresh(team, state))!;
    expect(refreshed.inputs).toEqual(state.inputs);
  });

  it("refresh after drift: the drifted property takes the server's value, the others stay as declared", async () => {
    const state = await create(team, base);
    expect((await ctx.admin("PATCH", teamPath(state.id), { description: "Changed in the dashboard" })).status).toBe(200);
    const refreshed = (await refresh(team, state))!;
    expect(refreshed.inputs).toEqual({ ...state.inputs, description: "Changed in the dashboard" });
    // The outputs keep the declared inputs, not the drifted ones: a second refresh still tells the drift.
    expect(refreshed.outs[DECLARED_KEY]).toEqual(state.inputs);
    expect((await refresh(team, refreshed))!.inputs).toEqual(refreshed.inputs);

    ctx.sb.control.clearLog();
    const repaired = await up(team, refreshed, base);
    expect(repaired.op).toBe("update");
    expect(ctx.writes().map((w) => w.body)).toEqual([{ description: "Invoices and refunds" }]);
    expect(repaired.state.outs[DECLARED_KEY]).toEqual(repaired.state.inputs);
    expect((await refresh(team, repaired.state))!.inputs).toEqual(repaired.state.inputs);
  });

  it("a property the server no longer has reads as null", async () => {
    const state = await create(team, base);
    expect((await ctx.admin("PATCH", teamPath(state.id), { description: null })).status).toBe(200);
    expect((await refresh(team, state))!.inputs).toEqual({ ...state.inputs, description: null });
  });

  it("update keeps the inputs it applied, control keys included", async () => {
    const state = await create(label, { title: "vip", color: "#7C3AED", adopt: true });
    const edited = await up(label, state, { title: "vip", color: "#112233", adopt: true });
    expect(edited.op).toBe("update");
    expect(edited.state.outs[DECLARED_KEY]).toEqual(edited.state.inputs);
    expect((await refresh(label, edited.state))!.inputs).toEqual(edited.state.inputs);
    expect(edited.state.inputs).toMatchObject({ adopt: true, color: "#112233" });
  });

  it("outputs are the resource's own apart from the declared inputs; nothing else internal is added", async () => {
    const state = await create(label, { title: "vip", color: "#7C3AED" });
    expect(Object.keys(state.outs).filter((key) => key.startsWith("__"))).toEqual([DECLARED_KEY]);
    expect(withoutInternal(state.outs)).toMatchObject({ title: "vip", color: "#7C3AED" });
  });

  it("state written before declared inputs were kept: refresh returns no inputs, so the engine keeps its own", async () => {
    const state = await create(team, base);
    const older = { ...state, outs: withoutInternal(state.outs) };
    const read = await team.read!(state.id, older.outs);
    expect(read.id).toBe(state.id);
    expect(read).not.toHaveProperty("inputs");
    expect(read.props).not.toHaveProperty(DECLARED_KEY);
  });
});
