import * as pulumi from "@pulumi/pulumi";
import { configure, readers } from "../../../provider";
import { resetConnectionConfig } from "../../../provider/config";
import { getAgentBots, getAgentBotsOutput } from "../../../sdk/get-agent-bots";
import { BOT_OUTPUT_DEFAULTS } from "../../../provider/wire/agent-bot";
import { inProgram, outputValue } from "../support/in-program";
import { SHAPES, useSandbox } from "../support/sandbox";

describe.each(SHAPES)("getAgentBots (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  async function platformPost(body: unknown, app = 0) {
    const res = await fetch(`${ctx.sb.url}/platform/api/v1/agent_bots`, {
      method: "POST",
      headers: { api_access_token: ctx.sb.info.platformTokens[app]!, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { id: number };
  }

  it("lists the bots of this Platform App only, in camelCase with every field, in one GET", async () => {
    const mine = await platformPost({ name: "System helper", outgoing_url: "https://bots.example.test/system" });
    const foreign = await platformPost({ name: "Not ours", account_id: 1 }, 1);
    ctx.sb.control.clearLog();
    const { bots } = await readers.getAgentBots();
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["GET /platform/api/v1/agent_bots"]);
    // Seed bot 1 and the new one belong to app 1; seed bot 2 and `foreign` to app 2.
    expect(bots.map((b) => b.id)).toEqual([1, mine.id]);
    expect(bots.map((b) => b.id)).not.toContain(foreign.id);
    for (const bot of bots) expect(Object.keys(bot).sort()).toEqual(["id", ...Object.keys(BOT_OUTPUT_DEFAULTS)].sort());
    expect(bots[0]).toMatchObject({ name: "Triage bot", description: "Routes new conversations", outgoingUrl: "https://bots.acme.test/triage", accountId: 1 });
    expect(bots[1]).toMatchObject({ name: "System helper", accountId: null, outgoingUrl: "https://bots.example.test/system" });
    if (shapes === "documented") {
      expect(bots[0]).toMatchObject({ botType: "webhook", botConfig: {}, systemBot: false });
      expect(bots[1]!.systemBot).toBe(true);
      expect(typeof bots[0]!.accessToken).toBe("string");
      expect(ctx.sb.control.secrets()).toContain(bots[0]!.accessToken);
    } else {
      expect(bots[0]).toMatchObject({ botType: null, botConfig: null, systemBot: null, accessToken: null, thumbnail: null });
    }
  });

  it("keeps only the bots of one account when asked", async () => {
    await platformPost({ name: "System helper" });
    await platformPost({ name: "Globex helper", account_id: 2 });
    expect((await readers.getAgentBots({ accountId: 2 })).bots.map((b) => b.name)).toEqual(["Globex helper"]);
    expect((await readers.getAgentBots({ accountId: 1 })).bots.map((b) => b.name)).toEqual(["Triage bot"]);
  });

  it("rejects bad arguments before any request, naming the argument", async () => {
    ctx.sb.control.clearLog();
    await expect(readers.getAgentBots({ accountId: "1" as unknown as number })).rejects.toThrow(/getAgentBots: invalid arguments: accountId: /);
    await expect(readers.getAgentBots({ acountId: 1 } as never)).rejects.toThrow(/acountId: unknown property/);
    expect(ctx.requests()).toHaveLength(0);
  });
});

describe("getAgentBots / getAgentBotsOutput (SDK, in the program process)", () => {
  const ctx = useSandbox("documented");
  const stackConfig = () => ({ "chatwoot:url": ctx.sb.url, "chatwoot:platformAccessToken": ctx.sb.info.platformTokens[0]!, "chatwoot:requestTimeoutMs": "3000" });
  // These tests replace the provider's connection settings; put back what useSandbox configured.
  afterEach(() => {
    resetConnectionConfig();
    configure({ url: ctx.sb.url, platformAccessToken: ctx.sb.info.platformTokens[0], requestTimeoutMs: "3000" });
  });

  it("reads the connection from the stack's chatwoot:* config", async () => {
    resetConnectionConfig();
    const { bots } = await inProgram(stackConfig(), () => getAgentBots({ accountId: 1 }));
    expect(bots.map((b) => b.name)).toEqual(["Triage bot"]);
  });

  it("falls back to the CHATWOOT_* environment variables", async () => {
    resetConnectionConfig();
    process.env.CHATWOOT_URL = ctx.sb.url;
    process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN = ctx.sb.info.platformTokens[1]!;
    try {
      const { bots } = await inProgram({}, () => getAgentBots());
      // App 2's token: its own bot only.
      expect(bots.map((b) => b.name)).toEqual(["Billing bot"]);
    } finally {
      delete process.env.CHATWOOT_URL;
      delete process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN;
    }
  });

  it("marks the Output form secret when a bot carries an access token, and not otherwise", async () => {
    const withTokens = await inProgram(stackConfig(), async () => {
      const out = getAgentBotsOutput();
      return { secret: await pulumi.isSecret(out), value: await outputValue(out) };
    });
    expect(withTokens.secret).toBe(true);
    expect(typeof withTokens.value.bots[0]!.accessToken).toBe("string");
    ctx.sb.control.setShapes("chatwoot");
    try {
      const plain = await inProgram(stackConfig(), async () => {
        const out = getAgentBotsOutput({ accountId: pulumi.output(1) });
        return { secret: await pulumi.isSecret(out), value: await outputValue(out) };
      });
      expect(plain.secret).toBe(false);
      expect(plain.value.bots.map((b) => b.accessToken)).toEqual([null]);
    } finally {
      ctx.sb.control.setShapes("documented");
    }
  });
});
