import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultFixture, SandboxInfo, startSandbox, type FixtureInput } from "../../../sdk/sandbox/index";
import { request, seedClients, useSandbox } from "./http";

const BOTS = "/platform/api/v1/agent_bots";

describe("test controls", () => {
  const sandbox = useSandbox();
  const { platform1, admin1 } = seedClients(sandbox);
  const control = (method: string, path: string, json?: unknown) => request(sandbox().url, method, `/__sandbox${path}`, json === undefined ? {} : { json });

  describe("request log", () => {
    it("records method, path, query, parsed body, status and duration, in order", async () => {
      await admin1.get("/api/v1/accounts/1/inboxes?page=2");
      await platform1.post(BOTS, { name: "Logged" });
      await platform1.get(`${BOTS}/2`);
      const log = sandbox().control.log();
      expect(log.map(({ method, path, query, body, status }) => ({ method, path, query, body, status }))).toEqual([
        { method: "GET", path: "/api/v1/accounts/1/inboxes", query: { page: "2" }, body: null, status: 200 },
        { method: "POST", path: BOTS, query: {}, body: { name: "Logged" }, status: 200 },
        { method: "GET", path: `${BOTS}/2`, query: {}, body: null, status: 401 },
      ]);
      expect(log.map((e) => e.seq)).toEqual([log[0]?.seq, (log[0]?.seq ?? 0) + 1, (log[0]?.seq ?? 0) + 2]);
      for (const entry of log) expect(entry.ms).toBeGreaterThanOrEqual(0);
      expect(log.every((e) => e.fault === undefined)).toBe(true);
    });

    it("does not log control requests, and serves the same log over HTTP", async () => {
      await platform1.get(BOTS);
      await control("GET", "/info");
      const overHttp = await control("GET", "/log");
      expect(overHttp.body).toEqual(sandbox().control.log());
      expect((overHttp.body as unknown[]).length).toBe(1);
    });

    it("clears with clearLog() and with DELETE /__sandbox/log", async () => {
      await platform1.get(BOTS);
      sandbox().control.clearLog();
      expect(sandbox().control.log()).toEqual([]);
      await platform1.get(BOTS);
      expect((await control("DELETE", "/log")).status).toBe(204);
      expect(sandbox().control.log()).toEqual([]);
    });

    it("never contains a token", async () => {
      await platform1.post(BOTS, { name: "x" });
      await admin1.get("/api/v1/accounts/1/inboxes/1");
      const text = JSON.stringify(sandbox().control.log());
      for (const secret of sandbox().control.secrets()) expect(text).not.toContain(secret);
    });
  });

  describe("reset", () => {
    it("restores the fixture, keeps the tokens and clears log and faults", async () => {
      await platform1.post(BOTS, { name: "Temporary" });
      sandbox().control.inject({ path: BOTS, kind: "status", status: 500 });
      sandbox().control.reset();
      expect(sandbox().control.log()).toEqual([]);
      expect(sandbox().control.faults()).toEqual([]);
      const answer = await platform1.get(BOTS);
      expect([answer.status, (answer.body as unknown[]).length]).toEqual([200, 1]);
    });

    it("is available as POST /__sandbox/reset", async () => {
      await platform1.post(BOTS, { name: "Temporary" });
      expect((await control("POST", "/reset")).status).toBe(204);
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.id)).toEqual([1, 2]);
    });

    it("restarts id sequences, so ids stay deterministic", async () => {
      const first = await platform1.post(BOTS, { name: "a" });
      sandbox().control.reset();
      const second = await platform1.post(BOTS, { name: "b" });
      expect((first.body as { id: number }).id).toBe(3);
      expect((second.body as { id: number }).id).toBe(3);
    });
  });

  describe("info, state and secrets", () => {
    it("serves the info over HTTP, matching its schema", async () => {
      const answer = await control("GET", "/info");
      expect(answer.body).toEqual(sandbox().info);
      expect(SandboxInfo.parse(answer.body)).toEqual(sandbox().info);
      expect(sandbox().info).toMatchObject({
        sharedUserId: 4,
        accounts: [
          { id: 1, userIds: [1, 2, 3, 4], inboxIds: [1, 2, 3], agentToken: expect.any(String) },
          { id: 2, userIds: [4, 5], inboxIds: [4], agentToken: null },
        ],
      });
    });

    it("snapshots the state without credentials, also over HTTP", async () => {
      const snapshot = sandbox().control.snapshot();
      expect(snapshot.users.map((u) => u.id)).toEqual([1, 2, 3, 4, 5]);
      expect(snapshot.inboxes.find((i) => i.id === 1)?.member_ids).toEqual([2, 4]);
      expect((await control("GET", "/state")).body).toEqual(snapshot);
      const text = JSON.stringify(snapshot);
      for (const secret of sandbox().control.secrets()) expect(text).not.toContain(secret);
    });

    it("snapshots are copies: changing one does not change the sandbox", async () => {
      const snapshot = sandbox().control.snapshot();
      snapshot.agent_bots.splice(0);
      expect(sandbox().control.snapshot().agent_bots).toHaveLength(2);
    });

    it("lists every issued secret, including those of objects created later", async () => {
      const info = sandbox().info;
      const secrets = (await control("GET", "/secrets")).body as string[];
      for (const token of [...info.platformTokens, ...info.accounts.flatMap((a) => [a.adminToken, a.agentToken ?? ""]).filter(Boolean)]) {
        expect(secrets).toContain(token);
      }
      sandbox().control.setShapes("documented");
      await platform1.post(BOTS, { name: "New" });
      const [, created] = (await platform1.get(BOTS)).body as { access_token: string }[];
      expect(sandbox().control.secrets()).toContain(created?.access_token);
    });
  });

  describe("token rotation", () => {
    const agents = (token: string) => request(sandbox().url, "GET", "/api/v1/accounts/1/agents", { token });

    it("gives a user a new token and refuses the old one, in process and over HTTP; a reset gives back the seed's", async () => {
      const seed = sandbox().info.accounts[0].adminToken;
      const first = sandbox().control.rotateUserToken(1) as string;
      expect([first === seed, (await agents(seed)).status, (await agents(seed)).body]).toEqual([false, 401, { error: "Invalid Access Token" }]);
      expect((await agents(first)).status).toBe(200);
      expect(sandbox().control.userToken(1)).toBe(first);
      expect(sandbox().control.secrets()).toContain(first);

      const second = await control("POST", "/users/1/token");
      expect(second.status).toBe(200);
      const { token } = second.body as { token: string };
      expect([(await agents(first)).status, (await agents(token)).status]).toEqual([401, 200]);
      expect(await control("POST", "/users/99/token")).toMatchObject({ status: 404, body: { error: "no user 99" } });

      sandbox().control.reset();
      expect([(await agents(seed)).status, (await agents(token)).status]).toEqual([200, 401]);
      expect(sandbox().info.accounts[0].adminToken).toBe(seed);
    });
  });

  describe("shapes and rate limit settings", () => {
    it("switches shapes with PUT /__sandbox/shapes", async () => {
      expect((await control("PUT", "/shapes", { mode: "documented" })).status).toBe(204);
      expect((await control("GET", "/shapes")).body).toEqual({ mode: "documented" });
      const [bot] = (await platform1.get(BOTS)).body as Record<string, unknown>[];
      expect(bot).toHaveProperty("bot_type", "webhook");
    });

    it("rejects unknown modes and malformed control bodies with 400", async () => {
      expect((await control("PUT", "/shapes", { mode: "swagger" })).status).toBe(400);
      expect((await control("PUT", "/rate-limit", { limit: -1 })).status).toBe(400);
      expect((await control("POST", "/faults", { path: BOTS, kind: "status" })).status).toBe(400);
      expect((await request(sandbox().url, "PUT", "/__sandbox/shapes", { raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
      expect(() => sandbox().control.setShapes("swagger" as "chatwoot")).toThrow();
    });

    it("sets and reads the rate limit over HTTP", async () => {
      expect((await control("PUT", "/rate-limit", 120)).status).toBe(204);
      expect((await control("GET", "/rate-limit")).body).toEqual({ limit: 120, periodMs: 60_000 });
      await control("PUT", "/rate-limit", null);
      expect((await control("GET", "/rate-limit")).body).toBeNull();
    });

    it("sets and reads the server's clock offset over HTTP; its Date headers follow it", async () => {
      const offsetMs = -7 * 86_400_000;
      expect((await control("PUT", "/clock", { offsetMs })).status).toBe(204);
      const clock = (await control("GET", "/clock")).body as { offsetMs: number; now: string };
      expect(clock.offsetMs).toBe(offsetMs);
      const date = Date.parse((await platform1.get(BOTS)).headers.get("date") ?? "");
      // A week behind, to the second (an HTTP date has no milliseconds).
      expect(Math.abs(date - (Date.now() + offsetMs))).toBeLessThan(5_000);
      expect(Math.abs(Date.parse(clock.now) - (Date.now() + offsetMs))).toBeLessThan(5_000);
      expect((await control("PUT", "/clock", { offsetMs: 1.5 })).status).toBe(400);
      expect((await control("PUT", "/clock", 1000)).status).toBe(400);
    });

    it("answers 404 for an unknown control endpoint", async () => {
      expect((await control("GET", "/nope")).status).toBe(404);
    });
  });
});

describe("startSandbox options", () => {
  it("issues different random tokens per sandbox", async () => {
    const [a, b] = await Promise.all([startSandbox(), startSandbox()]);
    try {
      expect(a?.info.platformTokens).not.toEqual(b?.info.platformTokens);
      expect(a?.url).not.toEqual(b?.url);
    } finally {
      await Promise.all([a?.close(), b?.close()]);
    }
  });

  it("loads a fixture object or a JSON file", async () => {
    const fixture: FixtureInput = {
      ...defaultFixture,
      agent_bots: [{ id: 7, name: "From fixture", platform_app_ids: [1, 2] }],
    };
    const dir = mkdtempSync(join(tmpdir(), "sandbox-fixture-"));
    const file = join(dir, "fixture.json");
    writeFileSync(file, JSON.stringify(fixture));
    for (const source of [fixture, file]) {
      const sandbox = await startSandbox({ fixture: source });
      try {
        for (const token of sandbox.info.platformTokens) {
          const answer = await request(sandbox.url, "GET", BOTS, { token });
          expect(answer.body).toEqual([{ id: 7, name: "From fixture", description: null, outgoing_url: null, account_id: null }]);
        }
        const created = await request(sandbox.url, "POST", BOTS, { token: sandbox.info.platformTokens[0] ?? "", json: {} });
        expect((created.body as { id: number }).id).toBe(8);
      } finally {
        await sandbox.close();
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("rejects an inconsistent fixture, naming the problem", async () => {
    const broken: FixtureInput = { ...defaultFixture, inboxes: [{ id: 1, account_id: 9, name: "x", channel_type: "Channel::Api" }] };
    await expect(startSandbox({ fixture: broken })).rejects.toThrow(/account 9 does not exist/);
    const lonely: FixtureInput = { ...defaultFixture, users: [{ id: 1, name: "Solo", email: "s@x.test", memberships: [{ account_id: 1, role: "agent" }] }] };
    await expect(startSandbox({ fixture: lonely })).rejects.toThrow(/needs an administrator/);
  });

  it("starts in the requested shape mode", async () => {
    const sandbox = await startSandbox({ shapes: "documented" });
    try {
      const answer = await request(sandbox.url, "GET", BOTS, { token: sandbox.info.platformTokens[0] ?? "" });
      expect((answer.body as Record<string, unknown>[])[0]).toHaveProperty("access_token");
    } finally {
      await sandbox.close();
    }
  });
});
