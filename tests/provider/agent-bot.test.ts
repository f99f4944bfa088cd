import { createHash } from "node:crypto";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resources } from "../../provider";
import { UNKNOWN } from "../../provider/diff/diff";
import { botOutputs } from "../../provider/resources/agent-bot";
import { BOT_OUTPUT_DEFAULTS } from "../../provider/wire/agent-bot";
import { AgentBot } from "../../sdk/agent-bot";
import { captureRegistrations } from "../harness/capture";
import { temporaryDir } from "../harness/temp-dir";
import { check, create, destroy, refresh, up, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.AgentBot;
const COLLECTION = "/platform/api/v1/agent_bots";
const base = { name: "Triage", description: "Routes new chats", outgoingUrl: "https://bots.example.test/triage" };

// Avatar files: two PNGs with different content, and a copy of the first under another name.
const dir = temporaryDir("agent-bot-test-");
const png = (extra: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(extra)]);
const avatarA = join(dir, "a.png");
const avatarB = join(dir, "b.png");
const avatarACopy = join(dir, "a-copy.png");
writeFileSync(avatarA, png("first image"));
writeFileSync(avatarB, png("second image"));
copyFileSync(avatarA, avatarACopy);
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

interface FormBody {
  fields: Record<string, string>;
  files: { field: string; filename: string; type: string; size: number; sha256: string }[];
}

describe.each(SHAPES)("AgentBot (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  /** A raw Platform API call as app 1 (the provider's app) or another app, for out-of-band changes. */
  async function platform(method: string, path: string, body?: unknown, app = 0) {
    const res = await fetch(ctx.sb.url + path, {
      method,
      headers: { api_access_token: ctx.sb.info.platformTokens[app]!, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  }
  const serverBot = (id: string | number) => ctx.sb.control.snapshot().agent_bots.find((b) => b.id === Number(id));

  it("creates with one JSON POST and returns complete outputs", async () => {
    const state = await create(provider, base);
    expect(ctx.writes()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: COLLECTION,
        body: { name: "Triage", description: "Routes new chats", outgoing_url: "https://bots.example.test/triage", account_id: ctx.account.id },
      }),
    ]);
    expect(Object.keys(state.outs)).toEqual(expect.arrayContaining(Object.keys(BOT_OUTPUT_DEFAULTS)));
    expect(state.outs).toMatchObject({ ...base, accountId: ctx.account.id });
    // The create answer is the platform partial in both modes: the documented extras are null, not missing.
    expect(state.outs).toMatchObject({ accessToken: null, botType: null, botConfig: null, thumbnail: null, systemBot: null });
    expect(serverBot(state.id)).toMatchObject({ name: "Triage", outgoing_url: base.outgoingUrl, account_id: ctx.account.id });
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
    const { op, state: next } = await up(provider, state, { ...base, outgoingUrl: "https://bots.example.test/v2" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", path: `${COLLECTION}/${state.id}`, body: { outgoing_url: "https://bots.example.test/v2" } }),
    ]);
    expect(next.outs).toMatchObject({ ...base, outgoingUrl: "https://bots.example.test/v2", accountId: ctx.account.id });
    if (shapes === "documented") {
      // The documented update answer carries every field of the spec's agent bot.
      expect(next.outs).toMatchObject({ botType: "webhook", botConfig: {}, systemBot: false });
      expect(typeof next.outs.accessToken).toBe("string");
      // A later refresh (GET one: the platform partial) keeps what only the update answer said.
      const refreshed = (await refresh(provider, next))!;
      expect(refreshed.outs.accessToken).toBe(next.outs.accessToken);
    } else {
      expect(next.outs.accessToken).toBeNull();
    }
  });

  it("moves the bot to another account in place, and makes a system bot with accountId null", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const moved = await up(provider, state, { ...base, accountId: 2 });
    expect(moved.op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { account_id: 2 } })]);
    const system = await up(provider, moved.state, { ...base, accountId: null });
    expect(system.op).toBe("update");
    expect(serverBot(state.id)?.account_id).toBeNull();
    expect(system.state.outs.accountId).toBeNull();
  });

  it("sees drift made out of band and repairs it with one PATCH", async () => {
    const state = await create(provider, base);
    await platform("PATCH", `${COLLECTION}/${state.id}`, { description: "changed by hand", name: "Renamed" });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ description: "changed by hand", name: "Renamed" });
    ctx.sb.control.clearLog();
    const { op } = await up(provider, refreshed, base);
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { name: "Triage", description: "Routes new chats" } })]);
    expect(serverBot(state.id)).toMatchObject({ name: "Triage", description: "Routes new chats" });
  });

  it("reports a bot deleted out of band as gone, and deletes idempotently", async () => {
    const state = await create(provider, base);
    expect((await platform("DELETE", `${COLLECTION}/${state.id}`)).status).toBe(200);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("deletes with one DELETE", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "DELETE", path: `${COLLECTION}/${state.id}`, status: 200 })]);
    expect(serverBot(state.id)).toBeUndefined();
  });

  it("treats a bot of another Platform App as an error with the hint on refresh, never as gone", async () => {
    // Bot 2 of the seed belongs to app 2: app 1 gets 401 "Non permissible resource".
    const foreign: State = { id: "2", inputs: base, outs: { ...base } };
    await expect(refresh(provider, foreign)).rejects.toThrow(/401.*Non permissible resource.*only sees the agent bots it created/);
  });

  describe("adoption", () => {
    it("takes over a bot of this app, listing it and sending one PATCH of what differs", async () => {
      const made = await platform("POST", COLLECTION, { name: "Triage", description: "old text", outgoing_url: base.outgoingUrl, account_id: ctx.account.id });
      const id = made.body!.id as number;
      ctx.sb.control.clearLog();
      const state = await create(provider, { ...base, adoptId: id });
      expect(state.id).toBe(String(id));
      expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${COLLECTION}`, `PATCH ${COLLECTION}/${id}`]);
      expect(ctx.writes()[0]!.body).toEqual({ description: "Routes new chats" });
      expect(state.outs).toMatchObject({ ...base, accountId: ctx.account.id });
      // Afterwards it is managed like any other bot: nothing to do.
      ctx.sb.control.clearLog();
      expect((await up(provider, state, { ...base, adoptId: id })).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("makes no write when the adopted bot already matches", async () => {
      const made = await platform("POST", COLLECTION, { ...{ name: base.name, description: base.description, outgoing_url: base.outgoingUrl }, account_id: ctx.account.id });
      ctx.sb.control.clearLog();
      const state = await create(provider, { ...base, adoptId: made.body!.id });
      expect(state.id).toBe(String(made.body!.id));
      expect(ctx.writes()).toHaveLength(0);
    });

    it("always sends a declared avatar, since the server never shows the current one", async () => {
      const made = await platform("POST", COLLECTION, { name: base.name, description: base.description, outgoing_url: base.outgoingUrl, account_id: ctx.account.id });
      ctx.sb.control.clearLog();
      const state = await create(provider, { ...base, avatar: avatarA, adoptId: made.body!.id });
      const form = ctx.writes()[0]!.body as FormBody;
      expect(ctx.writes()).toHaveLength(1);
      expect(form.files).toEqual([expect.objectContaining({ field: "avatar", sha256: sha256(png("first image")) })]);
      expect(state.outs.avatarSha256).toBe(sha256(png("first image")));
    });

    it("refuses a bot this app cannot see, before any write, naming adoptId and why", async () => {
      const attempt = create(provider, { ...base, adoptId: 2 });
      await expect(attempt).rejects.toThrow(/adoptId 2: .*only sees the bots it created/);
      expect(ctx.writes()).toHaveLength(0);
      expect(serverBot(2)).toMatchObject({ name: "Billing bot" });
    });
  });

  describe("avatar", () => {
    it("uploads a local file as multipart form data with the other fields on create", async () => {
      const state = await create(provider, { ...base, avatar: avatarA });
      const [post] = ctx.writes();
      expect(post).toMatchObject({ method: "POST", path: COLLECTION });
      const form = post!.body as FormBody;
      expect(form.fields).toEqual({ name: "Triage", description: "Routes new chats", outgoing_url: base.outgoingUrl, account_id: String(ctx.account.id) });
      expect(form.files).toEqual([{ field: "avatar", filename: "a.png", type: "image/png", size: png("first image").length, sha256: sha256(png("first image")) }]);
      expect(serverBot(state.id)?.avatar?.sha256).toBe(sha256(png("first image")));
      expect(state.outs).toMatchObject({ avatar: avatarA, avatarSha256: sha256(png("first image")) });
    });

    it("uploads again only when the content changes", async () => {
      const state = await create(provider, { ...base, avatar: avatarA });
      ctx.sb.control.clearLog();
      expect((await up(provider, state, { ...base, avatar: avatarA })).op).toBe("same");
      // Same content under another path: the state learns the path, the server hears nothing.
      const moved = await up(provider, state, { ...base, avatar: avatarACopy });
      expect(moved.op).toBe("update");
      expect(moved.state.outs.avatar).toBe(avatarACopy);
      expect(ctx.writes()).toHaveLength(0);
      // New content: one multipart PATCH holding only the file.
      const changed = await up(provider, moved.state, { ...base, avatar: avatarB });
      expect(changed.op).toBe("update");
      expect(ctx.writes()).toHaveLength(1);
      const form = ctx.writes()[0]!.body as FormBody;
      expect(ctx.writes()[0]).toMatchObject({ method: "PATCH", path: `${COLLECTION}/${state.id}` });
      expect(form.fields).toEqual({});
      expect(form.files.map((f) => f.sha256)).toEqual([sha256(png("second image"))]);
      expect(serverBot(state.id)?.avatar?.sha256).toBe(sha256(png("second image")));
      expect(changed.state.outs.avatarSha256).toBe(sha256(png("second image")));
    });

    it("sends a cleared description along with a new avatar and then sees no difference", async () => {
      const state = await create(provider, { ...base, avatar: avatarA });
      ctx.sb.control.clearLog();
      const next = await up(provider, state, { ...base, description: null, avatar: avatarB });
      expect((ctx.writes()[0]!.body as FormBody).fields).toEqual({ description: "" });
      ctx.sb.control.clearLog();
      expect((await up(provider, next.state, { ...base, description: null, avatar: avatarB })).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("finds the bot of an avatar upload whose answer was lost instead of creating a second one", async () => {
      ctx.sb.control.inject({ kind: "lost-response", method: "POST", path: COLLECTION });
      const state = await create(provider, { ...base, avatar: avatarA });
      const mine = ctx.sb.control.snapshot().agent_bots.filter((b) => b.name === base.name);
      expect(mine.map((b) => b.id)).toEqual([Number(state.id)]);
      expect(ctx.writes().filter((w) => w.method === "POST")).toHaveLength(1);
      expect(mine[0]!.avatar?.sha256).toBe(sha256(png("first image")));
      expect(state.outs.avatarSha256).toBe(sha256(png("first image")));
    });

    it("passes avatarUrl on as a field and keeps it in the outputs (the server never echoes it)", async () => {
      const url = "https://cdn.example.test/bots/triage.png";
      const state = await create(provider, { ...base, avatarUrl: url });
      expect(ctx.writes()[0]!.body).toMatchObject({ avatar_url: url });
      expect(serverBot(state.id)?.avatar_url).toBe(url);
      const refreshed = (await refresh(provider, state))!;
      expect(refreshed.outs.avatarUrl).toBe(url);
    });

    it("lets a preview through when the avatar path is not known yet", async () => {
      const inputs = await check(provider, { ...base, avatar: UNKNOWN });
      expect(inputs.avatarSha256).toBe(UNKNOWN);
      expect(ctx.requests()).toHaveLength(0);
    });
  });
});

describe("AgentBot outputs when a server echoes the name as outgoing_url (Chatwoot before PR #13827)", () => {
  const echoed = { id: 7, name: "Triage", description: null, outgoing_url: "Triage", account_id: 1 };

  it("keeps the URL that was sent instead of the echo", () => {
    expect(botOutputs({ name: "Triage", outgoingUrl: "https://bots.example.test/triage" }, echoed).outgoingUrl).toBe(
      "https://bots.example.test/triage",
    );
  });

  it("shows the server's value when it is a real URL, or when nothing was sent", () => {
    const real = { ...echoed, outgoing_url: "https://elsewhere.example.test/hook" };
    expect(botOutputs({ name: "Triage", outgoingUrl: "https://bots.example.test/triage" }, real).outgoingUrl).toBe(real.outgoing_url);
    expect(botOutputs({ name: "Triage" }, echoed).outgoingUrl).toBe("Triage");
  });
});

describe("AgentBot SDK class", () => {
  it("registers its own type token, marks accessToken secret and serializes the shim without a local path", async () => {
    const [registration] = await captureRegistrations(() => new AgentBot("triage", { name: "Triage", outgoingUrl: "https://bots.example.test/t" }));
    expect(registration!.type).toBe("pulumi-nodejs:dynamic/chatwoot:AgentBot");
    expect(registration!.options.additionalSecretOutputs).toEqual(["accessToken"]);
    expect(registration!.plainInputs).toMatchObject({ name: "Triage", outgoingUrl: "https://bots.example.test/t" });
    // The shared shim's size is checked at the host tier, against the build the host really loads.
    expect(registration!.providerText).toContain('"AgentBot"');
    expect(registration!.providerText).not.toContain(process.cwd());
  });

  it("keeps the program's own additionalSecretOutputs", async () => {
    const [registration] = await captureRegistrations(
      () => new AgentBot("triage", { name: "Triage" }, { additionalSecretOutputs: ["outgoingUrl"] }),
    );
    expect([...registration!.options.additionalSecretOutputs].sort()).toEqual(["accessToken", "outgoingUrl"]);
  });
});
