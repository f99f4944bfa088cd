/** What is particular to `CannedResponse` (the shared lifecycle is in collection-resources.test.ts). */
import { resources } from "../../provider";
import { create, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.CannedResponse;

describe.each(SHAPES)("CannedResponse (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const collection = () => `/api/v1/accounts/${ctx.account.id}/canned_responses`;

  it("reads one response from the list, as upstream has no show route", async () => {
    const state = await create(provider, { shortCode: "hi", content: "Hello!" });
    ctx.sb.control.clearLog();
    expect((await refresh(provider, state))?.outs).toMatchObject({ shortCode: "hi", content: "Hello!" });
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${collection()}`]);
  });

  it("tells short codes apart by case: adopting `Hi` does not take over `hi`", async () => {
    const other = await ctx.admin("POST", collection(), { short_code: "hi", content: "Hello!" });
    const state = await create(provider, { shortCode: "Hi", content: "Hello!", adopt: true });
    expect(state.id).not.toBe(String((other.body as { id: number }).id));
    expect(ctx.writes().map((w) => w.method)).toEqual(["POST", "POST"]);
  });

  it("keeps the content verbatim: surrounding spaces and newlines are no perpetual diff", async () => {
    const content = "  Thanks for waiting.\n\n- The team\n";
    const state = await create(provider, { shortCode: "thanks", content });
    expect(ctx.writes()[0].body).toEqual({ short_code: "thanks", content });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { shortCode: "thanks", content })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });
});
