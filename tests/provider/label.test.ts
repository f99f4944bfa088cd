/** What is particular to `Label` (the shared lifecycle is in collection-resources.test.ts). */
import { resources } from "../../provider";
import { check, create, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Label;

describe.each(SHAPES)("Label (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const labels = () => `/api/v1/accounts/${ctx.account.id}/labels`;

  it("sends and keeps a title in lower case, so `VIP` against `vip` is never a diff", async () => {
    const state = await create(provider, { title: "VIP" });
    expect(ctx.writes()[0].body).toEqual({ title: "vip" });
    expect(state.outs.title).toBe("vip");
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { title: "VIP" })).op).toBe("same");
    expect((await up(provider, state, { title: "vip" })).op).toBe("same");
    // A state written with another case (an older version, a server echoing what was sent) is the same label.
    expect((await up(provider, { ...state, outs: { ...state.outs, title: "Vip" } }, { title: "VIP" })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("adopts the label whatever the case the program writes its title in", async () => {
    const existing = await ctx.admin("POST", labels(), { title: "vip" });
    const state = await create(provider, { title: "VIP", adopt: true });
    expect(state.id).toBe(String((existing.body as { id: number }).id));
  });

  it("renames in place with one PATCH of the title", async () => {
    const state = await create(provider, { title: "vip", color: "#1f93ff" });
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { title: "Gold", color: "#1F93FF" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: `${labels()}/${state.id}`, body: { title: "gold" } })]);
    expect(next.outs.title).toBe("gold");
  });

  it("reads one label by its own route", async () => {
    const state = await create(provider, { title: "vip" });
    ctx.sb.control.clearLog();
    await refresh(provider, state);
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${labels()}/${state.id}`]);
  });

  it("checks the title as Chatwoot does: two or more characters, starting with a letter or digit", async () => {
    await expect(check(provider, { accountId: 1, title: "état-2" })).resolves.toMatchObject({ title: "état-2" });
    await expect(check(provider, { accountId: 1, title: "a" })).rejects.toThrow(/title: must be at least two/);
    await expect(check(provider, { accountId: 1, title: "-vip" })).rejects.toThrow(/title: .*starting with a letter or digit/);
  });
});
