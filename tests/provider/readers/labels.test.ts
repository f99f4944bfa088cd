import { readers } from "../../../provider";
import { getLabels, getLabelsOutput } from "../../../sdk/get-labels";
import { inProgram, outputValue } from "../support/in-program";
import { useSandbox } from "../support/sandbox";

describe("getLabels", () => {
  const ctx = useSandbox();
  const path = () => `/api/v1/accounts/${ctx.account.id}/labels`;
  const label = async (body: Record<string, unknown>) => ((await ctx.admin("POST", path(), body)).body as { id: number }).id;

  it("lists the account's labels with one GET, camelCased, titles in lower case", async () => {
    const vip = await label({ title: "VIP", description: "Enterprise customers", color: "#7C3AED", show_on_sidebar: true });
    const refund = await label({ title: "refund" });
    ctx.sb.control.clearLog();
    const { labels } = await readers.getLabels();
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${path()}`]);
    expect(labels.map((l) => l.id).sort()).toEqual([vip, refund].sort());
    const byTitle = Object.fromEntries(labels.map((l) => [l.title, l]));
    expect(Object.keys(byTitle).sort()).toEqual(["refund", "vip"]);
    expect(byTitle.vip).toEqual({ id: vip, title: "vip", description: "Enterprise customers", color: "#7C3AED", showOnSidebar: true });
    expect(Object.keys(byTitle.refund!).sort()).toEqual(["color", "description", "id", "showOnSidebar", "title"]);
  });

  it("an account without labels has an empty list", async () => {
    expect(await readers.getLabels({ accountId: ctx.account.id })).toEqual({ labels: [] });
  });

  it("refuses bad arguments before any request, naming the argument", async () => {
    await expect(readers.getLabels({ accountId: -1 })).rejects.toThrow(/getLabels: invalid arguments: accountId: /);
    expect(ctx.requests()).toHaveLength(0);
  });

  it("in a program: reads with the stack's chatwoot:* config, as a promise and as an Output", async () => {
    await label({ title: "vip" });
    const config = { "chatwoot:url": ctx.sb.url, "chatwoot:apiAccessToken": ctx.account.adminToken, "chatwoot:accountId": String(ctx.account.id) };
    const result = await inProgram(config, async () => ({
      plain: await getLabels(),
      titles: await outputValue(getLabelsOutput().labels.apply((l) => l.map((x) => x.title))),
    }));
    ctx.connect();
    expect(result.plain.labels.map((l) => l.title)).toEqual(["vip"]);
    expect(result.titles).toEqual(["vip"]);
  });
});
