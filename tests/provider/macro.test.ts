/** What is particular to `Macro` (the shared lifecycle is in collection-resources.test.ts). */
import { resources } from "../../provider";
import { create, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Macro;
const actions = [
  { actionName: "assign_team", actionParams: [2] },
  { actionName: "add_label", actionParams: ["urgent", "billing"] },
];

describe.each(SHAPES)("Macro (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const macros = () => `/api/v1/accounts/${ctx.account.id}/macros`;

  it("is personal unless declared global, and says so in every request", async () => {
    const state = await create(provider, { name: "Triage", actions });
    expect(ctx.writes()[0].body).toMatchObject({ name: "Triage", visibility: "personal" });
    expect(state.outs.visibility).toBe("personal");
    ctx.sb.control.clearLog();
    await up(provider, state, { name: "Triage", actions: actions.slice(0, 1) });
    // Left out, Chatwoot would set the visibility to null and the macro would drop out of every list.
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", body: { actions: [{ action_name: "assign_team", action_params: [2] }], visibility: "personal" } }),
    ]);
    expect(ctx.sb.control.snapshot().macros.find((m) => m.id === Number(state.id))?.visibility).toBe("personal");
  });

  it("keeps the actions as the server stores them, with no perpetual diff", async () => {
    const state = await create(provider, { name: "Triage", visibility: "global", actions });
    expect(state.outs.actions).toEqual(actions);
    ctx.sb.control.clearLog();
    // A team id given as text is the same parameter (the API documents strings).
    const asText = [{ actionName: "assign_team", actionParams: ["2"] }, actions[1]];
    expect((await up(provider, state, { name: "Triage", visibility: "global", actions: asText })).op).toBe("same");
    const refreshed = (await refresh(provider, state))!;
    expect((await up(provider, refreshed, { name: "Triage", visibility: "global", actions })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("sees a visibility changed by hand and restores it", async () => {
    const state = await create(provider, { name: "Triage", visibility: "global", actions });
    await ctx.admin("PATCH", `${macros()}/${state.id}`, { visibility: "personal" });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.visibility).toBe("personal");
    ctx.sb.control.clearLog();
    await up(provider, refreshed, { name: "Triage", visibility: "global", actions });
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { visibility: "global" } })]);
  });

  it("says the macro is gone when an update finds it deleted (Chatwoot answers 500)", async () => {
    const state = await create(provider, { name: "Triage", visibility: "global", actions });
    await ctx.admin("DELETE", `${macros()}/${state.id}`);
    await expect(up(provider, state, { name: "Renamed", visibility: "global", actions })).rejects.toThrow(/PATCH .*macros\/\d+: the macro is gone/);
  });

  it("adopts the existing macro with the name instead of making a second one", async () => {
    const existing = await ctx.admin("POST", macros(), { name: "Triage", visibility: "global", actions: [] });
    const state = await create(provider, { name: "Triage", visibility: "global", actions, adopt: true });
    expect(state.id).toBe(String(((existing.body as { payload: { id: number } }).payload).id));
    expect(ctx.writes().filter((w) => w.method === "POST")).toHaveLength(1);
  });
});
