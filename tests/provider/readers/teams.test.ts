import * as pulumi from "@pulumi/pulumi";
import { readers } from "../../../provider";
import { getTeams, getTeamsOutput } from "../../../sdk/get-teams";
import { inProgram, outputValue } from "../support/in-program";
import { useSandbox } from "../support/sandbox";

describe("getTeams", () => {
  const ctx = useSandbox();
  /** Makes a team by hand as the administrator of the given account (0 = account 1). */
  async function team(body: Record<string, unknown>, account = 0): Promise<number> {
    const { id, adminToken } = ctx.sb.info.accounts[account]!;
    const res = await fetch(`${ctx.sb.url}/api/v1/accounts/${id}/teams`, {
      method: "POST",
      headers: { api_access_token: adminToken, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { id: number }).id;
  }

  it("lists the account's teams with one GET, camelCased, in the server's order", async () => {
    const sales = await team({ name: "Sales", description: "New business", allow_auto_assign: false });
    const billing = await team({ name: "billing" });
    await team({ name: "globex support" }, 1);
    ctx.sb.control.clearLog();
    const { teams } = await readers.getTeams();
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/accounts/${ctx.account.id}/teams`]);
    expect(teams).toEqual([
      { id: sales, name: "sales", description: "New business", allowAutoAssign: false },
      { id: billing, name: "billing", description: null, allowAutoAssign: true },
    ]);
  });

  it("lists another account's teams when asked", async () => {
    await team({ name: "sales" });
    const globex = await team({ name: "Globex Support" }, 1);
    // Account 1's administrator is not a member of account 2: the token of account 2's is used.
    ctx.connect({ apiAccessToken: ctx.sb.info.accounts[1]!.adminToken });
    try {
      expect((await readers.getTeams({ accountId: 2 })).teams.map((t) => [t.id, t.name])).toEqual([[globex, "globex support"]]);
    } finally {
      ctx.connect();
    }
  });

  it("an account without teams has an empty list", async () => {
    expect(await readers.getTeams()).toEqual({ teams: [] });
  });

  it("refuses bad arguments before any request, naming the argument", async () => {
    await expect(readers.getTeams({ accountId: "1" as unknown as number })).rejects.toThrow(/getTeams: invalid arguments: accountId: /);
    await expect(readers.getTeams({ acount: 1 } as never)).rejects.toThrow(/getTeams: invalid arguments: acount: unknown property/);
    expect(ctx.requests()).toHaveLength(0);
  });

  it("in a program: reads with the stack's chatwoot:* config, as a promise and as an Output", async () => {
    await team({ name: "billing" });
    const config = { "chatwoot:url": ctx.sb.url, "chatwoot:apiAccessToken": ctx.account.adminToken, "chatwoot:accountId": String(ctx.account.id) };
    const result = await inProgram(config, async () => {
      const plain = await getTeams();
      const out = getTeamsOutput({ accountId: pulumi.output(ctx.account.id) });
      return { plain, secret: await pulumi.isSecret(out), names: await outputValue(out.teams.apply((t) => t.map((x) => x.name))) };
    });
    ctx.connect();
    expect(result.plain.teams.map((t) => t.name)).toEqual(["billing"]);
    expect(result.names).toEqual(["billing"]);
    expect(result.secret).toBe(false);
  });
});
