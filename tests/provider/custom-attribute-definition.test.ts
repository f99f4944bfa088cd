import { resources } from "../../provider";
import { create, destroy, plain, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.CustomAttributeDefinition;
const base = {
  attributeKey: "plan",
  attributeModel: "contact_attribute",
  attributeDisplayName: "Plan",
  attributeDisplayType: "list",
  attributeValues: ["free", "pro"],
};

describe.each(SHAPES)("CustomAttributeDefinition (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const path = () => `/api/v1/accounts/${ctx.account.id}/custom_attribute_definitions`;

  it("creates with one POST and returns complete outputs", async () => {
    const state = await create(provider, base);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${path()}`]);
    expect(ctx.writes()[0].body).toMatchObject({ attribute_key: "plan", attribute_model: "contact_attribute", attribute_values: ["free", "pro"] });
    expect(state.outs).toMatchObject({
      accountId: ctx.account.id,
      attributeKey: "plan",
      attributeModel: "contact_attribute",
      attributeDisplayType: "list",
      attributeValues: ["free", "pro"],
      defaultValue: null,
    });
    expect(typeof state.outs.createdAt).toBe("string");
    expect(typeof state.outs.updatedAt).toBe("string");
    expect(Number(state.id)).toBeGreaterThan(0);
  });

  it("sends nothing on a second up with the same inputs", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    expect((await up(provider, state, base)).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("updates with exactly one PATCH holding only the changed field", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, attributeDisplayName: "Plan tier" });
    expect(op).toBe("update");
    expect(ctx.writes()).toHaveLength(1);
    expect(ctx.writes()[0]).toMatchObject({ method: "PATCH", path: `${path()}/${state.id}`, body: { attribute_display_name: "Plan tier" } });
    expect(next.outs.attributeDisplayName).toBe("Plan tier");
  });

  it("sends nothing when an update changes only a control key (adopt)", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const news = { ...state.inputs, adopt: true };
    const { outs } = await provider.update!(state.id, state.outs, news);
    expect(ctx.requests()).toHaveLength(0);
    expect(plain(outs)).toMatchObject({ ...state.outs, adopt: true, __inputs: news });
  });

  it("sees drift made out of band and repairs it with one PATCH", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", `${path()}/${state.id}`, { attribute_values: ["free", "pro", "enterprise"] });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.attributeValues).toEqual(["free", "pro", "enterprise"]);
    ctx.sb.control.clearLog();
    const { op } = await up(provider, refreshed, base);
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { attribute_values: ["free", "pro"] } })]);
  });

  it("reports a definition deleted out of band as gone, and deletes idempotently", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", `${path()}/${state.id}`);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("deletes", async () => {
    const state = await create(provider, base);
    await destroy(provider, state);
    expect((await ctx.admin("GET", `${path()}/${state.id}`)).status).toBe(404);
  });

  it("adopts an existing definition by key and model, changing only what differs", async () => {
    const existing = await ctx.admin("POST", path(), {
      attribute_key: "plan", attribute_model: 1, attribute_display_name: "Old", attribute_display_type: 6, attribute_values: ["free", "pro"],
    });
    ctx.sb.control.clearLog();
    const state = await create(provider, { ...base, adopt: true });
    expect(state.id).toBe(String((existing.body as { id: number }).id));
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { attribute_display_name: "Plan" } })]);
  });

  it("refuses to create over an existing key without adopt", async () => {
    await create(provider, base);
    ctx.sb.control.clearLog();
    await expect(create(provider, base)).rejects.toThrow(/not sent: .*already has key .*set adopt: true/);
    expect(ctx.writes()).toHaveLength(0);
  });

  it("replaces (deleting first) when the account changes, updates in place when the key changes", async () => {
    const state = await create(provider, base);
    const moved = await up(provider, state, { ...base, accountId: 2 });
    expect(moved.op).toBe("replace");
    expect(moved.diff.deleteBeforeReplace).toBe(true);
    const renamed = await up(provider, state, { ...base, attributeKey: "plan_v2" });
    expect(renamed.op).toBe("update");
  });
});
