import { request, seedClients, useSandbox } from "./http";

const BOTS = "/platform/api/v1/agent_bots";
const DEFINITIONS = "/api/v1/accounts/1/custom_attribute_definitions";

describe("fault injection", () => {
  const sandbox = useSandbox();
  const { platform1, admin1 } = seedClients(sandbox);
  const botCount = () => sandbox().control.snapshot().agent_bots.length;
  const lastLog = () => sandbox().control.log().at(-1);

  describe('kind "status"', () => {
    it("answers Rails' JSON 500 without applying the request, once by default", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "status", status: 500 });
      const failed = await platform1.post(BOTS, { name: "Lost" });
      expect([failed.status, failed.body]).toEqual([500, { status: 500, error: "Internal Server Error" }]);
      expect(botCount()).toBe(2);
      expect(lastLog()).toMatchObject({ method: "POST", path: BOTS, status: 500, fault: "status", body: { name: "Lost" } });
      expect((await platform1.post(BOTS, { name: "Kept" })).status).toBe(200);
      expect(botCount()).toBe(3);
    });

    it("answers the reverse proxy's HTML page for 502, 503 and 504", async () => {
      for (const status of [502, 503, 504]) {
        sandbox().control.inject({ path: BOTS, kind: "status", status });
        const answer = await platform1.get(BOTS);
        expect(answer.status).toBe(status);
        expect(answer.type).toBe("text/html");
        expect(answer.text).toContain(`<title>${status} `);
      }
    });

    it("answers rack-attack's plain-text 429 with no Retry-After", async () => {
      sandbox().control.inject({ path: BOTS, kind: "status", status: 429 });
      const answer = await platform1.get(BOTS);
      expect([answer.status, answer.type, answer.text]).toEqual([429, "text/plain", "Retry later\n"]);
      expect(answer.headers.get("retry-after")).toBeNull();
    });

    it("answers the fault's own body instead: JSON, a string as text/plain, or the given media type", async () => {
      const json = { message: "Validation failed for bot with access_token t0k3n" };
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "status", status: 422, body: json });
      const failed = await platform1.post(BOTS, { name: "Echo" });
      expect([failed.status, failed.type, failed.body]).toEqual([422, "application/json; charset=utf-8", json]);
      expect(botCount()).toBe(2);

      sandbox().control.inject({ path: BOTS, kind: "status", status: 500, body: "plain words" });
      const text = await platform1.get(BOTS);
      expect([text.status, text.type, text.text]).toEqual([500, "text/plain", "plain words"]);

      sandbox().control.inject({ path: BOTS, kind: "status", status: 502, body: "<html><title>t</title></html>", contentType: "text/html" });
      const html = await platform1.get(BOTS);
      expect([html.status, html.type, html.text]).toEqual([502, "text/html", "<html><title>t</title></html>"]);
    });

    it("affects the next `times` matching requests, and counts down", async () => {
      sandbox().control.inject({ path: BOTS, kind: "status", status: 503, times: 2 });
      expect(sandbox().control.faults()).toEqual([expect.objectContaining({ remaining: 2, times: 2 })]);
      expect((await platform1.get(BOTS)).status).toBe(503);
      expect(sandbox().control.faults()).toEqual([expect.objectContaining({ remaining: 1 })]);
      expect((await platform1.get(BOTS)).status).toBe(503);
      expect((await platform1.get(BOTS)).status).toBe(200);
      expect(sandbox().control.faults()).toEqual([]);
    });
  });

  describe("matching", () => {
    it("matches the method when given", async () => {
      sandbox().control.inject({ method: "patch", path: `${BOTS}/1`, kind: "status", status: 500 });
      expect((await platform1.get(`${BOTS}/1`)).status).toBe(200);
      expect((await platform1.patch(`${BOTS}/1`, { name: "x" })).status).toBe(500);
    });

    it("matches :param and * segments, one segment each", async () => {
      sandbox().control.inject({ path: "/api/v1/accounts/:account/automation_rules/:id", kind: "status", status: 502, times: 5 });
      sandbox().control.inject({ path: "/platform/api/v1/*", kind: "status", status: 504 });
      expect((await admin1.get("/api/v1/accounts/1/automation_rules")).status).toBe(200);
      expect((await admin1.get("/api/v1/accounts/1/automation_rules/7")).status).toBe(502);
      expect((await admin1.patch("/api/v1/accounts/2/automation_rules/9", {})).status).toBe(502);
      expect((await platform1.get(`${BOTS}/1`)).status).toBe(200);
      expect((await platform1.get(BOTS)).status).toBe(504);
    });

    it("never touches control requests", async () => {
      sandbox().control.inject({ path: "/__sandbox/log", kind: "reset" });
      expect((await request(sandbox().url, "GET", "/__sandbox/log")).status).toBe(200);
      expect(sandbox().control.faults()).toHaveLength(1);
    });
  });

  describe('kind "reset"', () => {
    it("drops the connection before handling: nothing is applied, the log says status 0", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "reset" });
      await expect(platform1.post(BOTS, { name: "Never" })).rejects.toThrow();
      expect(botCount()).toBe(2);
      expect(lastLog()).toMatchObject({ method: "POST", status: 0, fault: "reset" });
      expect((await platform1.get(BOTS)).status).toBe(200);
    });
  });

  describe('kind "lost-response"', () => {
    it("applies and commits the request, then drops the connection without answering", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "lost-response" });
      await expect(platform1.post(BOTS, { name: "Ghost" })).rejects.toThrow();
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.name)).toEqual(["Triage bot", "Billing bot", "Ghost"]);
      expect(lastLog()).toMatchObject({ status: 0, fault: "lost-response" });
    });
  });

  describe('kind "bad-json"', () => {
    it("applies the request and answers 200 with a body that is not JSON", async () => {
      sandbox().control.inject({ method: "PATCH", path: `${BOTS}/:id`, kind: "bad-json" });
      const answer = await platform1.patch(`${BOTS}/1`, { name: "Renamed" });
      expect(answer.status).toBe(200);
      expect(answer.type).toContain("application/json");
      expect(() => JSON.parse(answer.text) as unknown).toThrow();
      expect(answer.text.length).toBeGreaterThan(2);
      expect(sandbox().control.snapshot().agent_bots[0]?.name).toBe("Renamed");
      expect(lastLog()).toMatchObject({ status: 200, fault: "bad-json" });
    });

    it("answers 200 with malformed JSON even where the real answer is an empty 204", async () => {
      const created = (await admin1.post(DEFINITIONS, { attribute_display_name: "Plan", attribute_key: "plan" })).body as { id: number };
      sandbox().control.inject({ method: "DELETE", path: `${DEFINITIONS}/:id`, kind: "bad-json" });
      const answer = await admin1.delete(`${DEFINITIONS}/${created.id}`);
      expect(answer.status).toBe(200);
      expect(() => JSON.parse(answer.text) as unknown).toThrow();
      expect(sandbox().control.snapshot().custom_attribute_definitions).toEqual([]);
    });
  });

  describe('kind "applied-status"', () => {
    it("applies and commits the request, then answers the status as a proxy would", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "applied-status", status: 502 });
      const answer = await platform1.post(BOTS, { name: "Applied" });
      expect([answer.status, answer.type]).toEqual([502, "text/html"]);
      expect(answer.text).toContain("<title>502 ");
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.name)).toEqual(["Triage bot", "Billing bot", "Applied"]);
      expect(lastLog()).toMatchObject({ method: "POST", path: BOTS, status: 502, fault: "applied-status" });
    });

    it("answers the status even where the request itself fails, which stays unapplied", async () => {
      const labels = "/api/v1/accounts/1/labels";
      const before = sandbox().control.snapshot().labels.length;
      sandbox().control.inject({ method: "POST", path: labels, kind: "applied-status", status: 500 });
      const answer = await admin1.post(labels, { title: "" });
      expect(answer.status).toBe(500);
      expect(sandbox().control.snapshot().labels).toHaveLength(before);
      expect((await admin1.post(labels, { title: "" })).status).toBe(422);
    });

    it("is injected over HTTP and needs a status", async () => {
      const added = await request(sandbox().url, "POST", "/__sandbox/faults", { json: { path: BOTS, kind: "applied-status", status: 504 } });
      expect(added.status).toBe(201);
      expect((await platform1.post(BOTS, { name: "Through" })).status).toBe(504);
      expect(botCount()).toBe(3);
      expect(() => sandbox().control.inject({ path: BOTS, kind: "applied-status" })).toThrow(/status/);
    });
  });

  describe('kind "delay"', () => {
    it("waits, then handles normally", async () => {
      sandbox().control.inject({ method: "GET", path: BOTS, kind: "delay", delayMs: 300 });
      const started = Date.now();
      const answer = await platform1.get(BOTS);
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(lastLog()).toMatchObject({ status: 200, fault: "delay" });
      expect(lastLog()?.ms).toBeGreaterThanOrEqual(290);
    });

    it("still applies a write whose client gave up waiting", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "delay", delayMs: 1_000 });
      const token = sandbox().info.platformTokens[0] ?? "";
      const abandoned = fetch(sandbox().url + BOTS, { method: "POST", headers: { api_access_token: token, "content-type": "application/json" }, body: JSON.stringify({ name: "Late" }), signal: AbortSignal.timeout(100) });
      await expect(abandoned).rejects.toThrow();
      expect(botCount()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.name)).toContain("Late");
    });
    it("tells when every request it held has landed", async () => {
      await sandbox().control.settled(); // nothing held: at once
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "delay", delayMs: 300 });
      const token = sandbox().info.platformTokens[0] ?? "";
      const abandoned = fetch(sandbox().url + BOTS, { method: "POST", headers: { api_access_token: token, "content-type": "application/json" }, body: JSON.stringify({ name: "Late" }), signal: AbortSignal.timeout(50) });
      await expect(abandoned).rejects.toThrow();
      expect(botCount()).toBe(2);
      await sandbox().control.settled();
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.name)).toContain("Late");
    });

    it("drops a request it still holds when the sandbox is reset", async () => {
      sandbox().control.inject({ method: "POST", path: BOTS, kind: "delay", delayMs: 500 });
      const token = sandbox().info.platformTokens[0] ?? "";
      const held = fetch(sandbox().url + BOTS, { method: "POST", headers: { api_access_token: token, "content-type": "application/json" }, body: JSON.stringify({ name: "Stale" }) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      sandbox().control.reset();
      await expect(held).rejects.toThrow();
      expect(sandbox().control.snapshot().agent_bots.map((b) => b.name)).not.toContain("Stale");
      expect(sandbox().control.log()).toEqual([]);
    });
  });

  describe("managing faults", () => {
    it("removes a named fault alone, programmatically and over HTTP", async () => {
      sandbox().control.inject({ name: "a", path: BOTS, kind: "status", status: 500 });
      sandbox().control.inject({ name: "b", path: `${BOTS}/1`, kind: "status", status: 500 });
      sandbox().control.inject({ name: "c", path: `${BOTS}/2`, kind: "status", status: 500 });
      expect(sandbox().control.removeFault("a")).toBe(true);
      expect(sandbox().control.removeFault("a")).toBe(false);
      expect((await request(sandbox().url, "DELETE", "/__sandbox/faults/b")).status).toBe(204);
      expect((await request(sandbox().url, "DELETE", "/__sandbox/faults/b")).status).toBe(404);
      expect(sandbox().control.faults().map((f) => f.name)).toEqual(["c"]);
      expect((await platform1.get(BOTS)).status).toBe(200);
    });

    it("injects over HTTP and clears everything", async () => {
      const added = await request(sandbox().url, "POST", "/__sandbox/faults", { json: { path: BOTS, kind: "status", status: 503, times: 3 } });
      expect(added.status).toBe(201);
      expect((await request(sandbox().url, "GET", "/__sandbox/faults")).body).toEqual([{ path: BOTS, kind: "status", status: 503, times: 3, remaining: 3 }]);
      expect((await platform1.get(BOTS)).status).toBe(503);
      expect((await request(sandbox().url, "DELETE", "/__sandbox/faults")).status).toBe(204);
      expect((await platform1.get(BOTS)).status).toBe(200);
      sandbox().control.inject({ path: BOTS, kind: "reset", times: 9 });
      sandbox().control.clearFaults();
      expect((await platform1.get(BOTS)).status).toBe(200);
    });

    it("validates faults", () => {
      expect(() => sandbox().control.inject({ path: BOTS, kind: "delay" })).toThrow(/delayMs/);
      expect(() => sandbox().control.inject({ path: "no-slash", kind: "reset" })).toThrow();
      expect(() => sandbox().control.inject({ path: BOTS, kind: "status", status: 200 })).toThrow();
      expect(sandbox().control.faults()).toEqual([]);
    });
  });
});
