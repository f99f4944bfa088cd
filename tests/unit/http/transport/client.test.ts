import net from "node:net";
import { configureConnection, resetConnectionConfig, type ConnectionSettings } from "../../../../provider/config";
import { apiClient, type ApiClient, type ApiRequest, type ClientOptions } from "../../../../provider/http/transport/client";
import { ChatwootApiError, ConfigError, isNotFound } from "../../../../provider/http/transport/errors";
import { closeApiClients, limiterStats } from "../../../../provider/http/transport/origins";
import { exposedText, fakeToken } from "../support/secrets";
import { closedPort, startTestServer, type Reply, type TestServer } from "../support/server";

const API_TOKEN = fakeToken("user");
const PLATFORM_TOKEN = fakeToken("platform");
/**
 * Short backoff, and one-second rate-limit windows (at whole seconds of the test server's clock, as
 * its Date header tells them); the decisions are the same as with the defaults.
 */
const FAST: ClientOptions = {
  retry: { minDelayMs: 5, maxDelayMs: 20 },
  limiter: { periodMs: 1_000, probeAfterMs: 20 },
};

let server: TestServer;
const errors: unknown[] = [];

function settings(overrides: Partial<ConnectionSettings> = {}): ConnectionSettings {
  return { url: server.url, apiAccessToken: API_TOKEN, platformAccessToken: PLATFORM_TOKEN, requestTimeoutMs: 5_000, maxRetries: 3, createSettleMs: 60_000, rateLimitMaxWaitMs: 60_000, ...overrides };
}

function client(overrides: Partial<ConnectionSettings> = {}, options: ClientOptions = FAST): ApiClient {
  return apiClient(settings(overrides), options);
}

/** The error a call fails with (kept for the final no-secret scan). */
async function failure(call: Promise<unknown>): Promise<ChatwootApiError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) throw new Error("expected the call to fail");
  errors.push(err);
  if (!ChatwootApiError.isInstance(err)) throw err;
  return err;
}

beforeEach(async () => {
  // A new server (new origin) per test: its own pool and an unthrottled limiter.
  server = await startTestServer();
});
afterEach(() => server.close());
afterAll(async () => {
  await closeApiClients();
  resetConnectionConfig();
});

describe("token selection and configuration", () => {
  it("sends the user token on account paths and the platform token on /platform paths", async () => {
    const c = client();
    await c.send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" });
    await c.send({ method: "GET", path: "/platform/api/v1/agent_bots" });
    expect(server.requests.map((r) => [r.url, r.headers["api_access_token"]])).toEqual([
      ["/api/v1/accounts/1/inboxes/1", API_TOKEN],
      ["/platform/api/v1/agent_bots", PLATFORM_TOKEN],
    ]);
  });

  it.each([
    ["/api/v1/accounts/1/portals", { apiAccessToken: undefined }, ["chatwoot:apiAccessToken", "CHATWOOT_API_ACCESS_TOKEN"]],
    ["/platform/api/v1/agent_bots", { platformAccessToken: undefined }, ["chatwoot:platformAccessToken", "CHATWOOT_PLATFORM_ACCESS_TOKEN"]],
  ])("a missing token for %s is a ConfigError naming its key and variable, before any request", async (path, missing, names) => {
    const err = await client(missing)
      .send({ method: "POST", path, json: {} })
      .catch((e: unknown) => e);
    expect(ConfigError.isInstance(err)).toBe(true);
    for (const name of names) expect((err as Error).message).toContain(name);
    expect(server.requests).toHaveLength(0);
  });

  it("reads the configured connection at send time when no settings are given", async () => {
    resetConnectionConfig();
    const c = apiClient(undefined, FAST);
    const err = await c.send({ method: "GET", path: "/api/v1/accounts/1/inboxes" }).catch((e: unknown) => e);
    expect(ConfigError.isInstance(err)).toBe(true);
    expect((err as Error).message).toContain("CHATWOOT_URL");

    configureConnection({ url: server.url, apiAccessToken: API_TOKEN });
    await c.send({ method: "GET", path: "/api/v1/accounts/1/inboxes" });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers["api_access_token"]).toBe(API_TOKEN);
    resetConnectionConfig();
  });
});

describe("requests and answers", () => {
  it("builds the URL from the base URL's path prefix, the path and the defined query values", async () => {
    await client({ url: `${server.url}/chat` }).send({ method: "GET", path: "/api/v1/accounts/1/custom_attribute_definitions", query: { attribute_model: 1, page: undefined, q: "a b" } });
    expect(server.requests[0].url).toBe("/chat/api/v1/accounts/1/custom_attribute_definitions?attribute_model=1&q=a+b");
  });

  it("sends JSON bodies with their content type and parses JSON answers", async () => {
    server.script({ body: { id: 7, name: "Help" } });
    const res = await client().send({ method: "POST", path: "/api/v1/accounts/1/portals", json: { name: "Help", slug: "help" } });
    expect(res).toEqual({ status: 200, body: { id: 7, name: "Help" } });
    expect(server.requests[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(server.requests[0].body.toString())).toEqual({ name: "Help", slug: "help" });
  });

  it("answers an empty 200 and a 204 with an undefined body", async () => {
    server.script({ status: 200, body: "" }, { status: 204 });
    const c = client();
    await expect(c.send({ method: "DELETE", path: "/api/v1/accounts/1/portals/help" })).resolves.toEqual({ status: 200, body: undefined });
    await expect(c.send({ method: "DELETE", path: "/api/v1/accounts/1/custom_attribute_definitions/3" })).resolves.toEqual({ status: 204, body: undefined });
  });

  it("sends multipart form data, and sends the same bytes again when a POST is retried after a 503", async () => {
    const form = new FormData();
    form.append("name", "Bot");
    form.append("avatar", new Blob([Buffer.from("\x89PNG-bytes")], { type: "image/png" }), "bot.png");
    server.script({ status: 503, body: "<html><title>503</title></html>", headers: { "content-type": "text/html" } }, { body: { id: 1 } });
    await client().send({ method: "POST", path: "/platform/api/v1/agent_bots", form });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(first.body.toString("latin1")).toContain('filename="bot.png"');
    expect(first.body.toString("latin1")).toContain("PNG-bytes");
    expect(second.body.equals(first.body)).toBe(true);
  });
});

describe("retry policy", () => {
  const proxyPage = (status: number): Reply => ({ status, headers: { "content-type": "text/html" }, body: `<html><head><title>${status} Proxy Error</title></head></html>` });
  const RETRIED = true;
  const cases: [ApiRequest["method"], number, boolean][] = [
    ["GET", 429, RETRIED], ["GET", 502, RETRIED], ["GET", 503, RETRIED], ["GET", 504, RETRIED], ["GET", 500, !RETRIED], ["GET", 404, !RETRIED],
    ["PATCH", 429, RETRIED], ["PATCH", 502, RETRIED], ["PATCH", 503, RETRIED], ["PATCH", 504, RETRIED], ["PATCH", 500, !RETRIED], ["PATCH", 422, !RETRIED],
    ["DELETE", 429, RETRIED], ["DELETE", 502, RETRIED], ["DELETE", 503, RETRIED], ["DELETE", 504, RETRIED], ["DELETE", 500, !RETRIED],
    ["POST", 429, RETRIED], ["POST", 503, RETRIED], ["POST", 502, !RETRIED], ["POST", 504, !RETRIED], ["POST", 500, !RETRIED], ["POST", 422, !RETRIED],
  ];

  it.each(cases)("%s answered %i: retried = %s", async (method, status, retried) => {
    const reply = status === 429 ? { status, body: "Retry later\n", headers: { "content-type": "text/plain" } } : status >= 500 ? proxyPage(status) : { status, body: { error: "no" } };
    server.script(reply, { body: { ok: true } });
    const call = client().send({ method, path: "/api/v1/accounts/1/automation_rules/4", json: method === "GET" ? undefined : { name: "x" } });
    if (retried) {
      await expect(call).resolves.toEqual({ status: 200, body: { ok: true } });
      expect(server.requests).toHaveLength(2);
    } else {
      const err = await failure(call);
      expect(err.status).toBe(status);
      expect(err.attempts).toBe(1);
      expect(server.requests).toHaveLength(1);
    }
  });

  it("stops after maxRetries transient failures and says how many attempts were made", async () => {
    server.script(proxyPage(503), proxyPage(503), proxyPage(503), proxyPage(503));
    const err = await failure(client({ maxRetries: 2 }).send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" }));
    expect(server.requests).toHaveLength(3);
    expect(err.attempts).toBe(3);
    expect(err.message).toBe(
      "GET /api/v1/accounts/1/inboxes/1: 503 HTML page: 503 Proxy Error (after 3 attempts); a proxy or gateway in front of Chatwoot answered: the server is down, restarting or overloaded",
    );
  });

  it("counts 429 answers apart from transient failures", async () => {
    const limited: Reply = { status: 429, body: "Retry later\n", headers: { "content-type": "text/plain" } };
    server.script(limited, limited, limited, { body: { ok: 1 } });
    await expect(client({ maxRetries: 0 }).send({ method: "POST", path: "/api/v1/accounts/1/portals", json: {} })).resolves.toEqual({ status: 200, body: { ok: 1 } });
    expect(server.requests).toHaveLength(4);
  });

  it("gives up on 429 once the call has waited rateLimitMaxWaitMs, naming the setting, the wait and the 429s", async () => {
    const limited: Reply = { status: 429, body: "Retry later\n", headers: { "content-type": "text/plain" } };
    await server.close();
    server = await startTestServer(() => limited);
    const err = await failure(client({ rateLimitMaxWaitMs: 300 }).send({ method: "POST", path: "/api/v1/accounts/1/portals", json: {} }));
    const refused = server.requests.length;
    expect(refused).toBeGreaterThan(1);
    expect(err).toMatchObject({ kind: "http", status: 429, writeOutcome: "not-applied", attempts: refused });
    expect(err.message).toMatch(new RegExp(`^POST /api/v1/accounts/1/portals: 429 still rate limited after waiting \\d+ s for the server's rate-limit window \\(${refused} answers 429\\)`));
    expect(err.hint).toBe(
      "the wait is bounded by chatwoot:rateLimitMaxWaitMs (or environment variable CHATWOOT_RATE_LIMIT_MAX_WAIT_MS), now 300 ms: raise it, or run again when the server's other clients (on the same IP address) are done",
    );
    expect(limiterStats(server.url)).toMatchObject({ waiting: 0, inFlight: 0, waitingForWindow: 0 });
  });

  it("with rateLimitMaxWaitMs 0, fails at the first 429", async () => {
    const limited: Reply = { status: 429, body: "Retry later\n", headers: { "content-type": "text/plain" } };
    server.script(limited, { body: {} });
    const err = await failure(client({ rateLimitMaxWaitMs: 0 }).send({ method: "GET", path: "/api/v1/accounts/1/portals" }));
    expect(server.requests).toHaveLength(1);
    expect(err.message).toContain("(1 answer 429)");
  });

  it("does not repeat a PATCH marked not idempotent after a 502", async () => {
    server.script(proxyPage(502), { body: {} });
    const err = await failure(client().send({ method: "PATCH", path: "/api/v1/accounts/1/portals/old", json: { slug: "new" }, idempotent: false }));
    expect(err.status).toBe(502);
    expect(err.writeOutcome).toBe("unknown");
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ["delta seconds", () => "1"],
    ["an HTTP date", () => new Date(Date.now() + 2000).toUTCString()],
  ])("honours a Retry-After given as %s", async (_label, value) => {
    server.script({ status: 503, headers: { "retry-after": value(), "content-type": "text/plain" }, body: "busy" }, { body: {} });
    await client().send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" });
    expect(server.requests).toHaveLength(2);
    // HTTP dates have a resolution of one second, so the date form waits at least one second too.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(900);
  });
});

describe("deadline", () => {
  it("times out an attempt that gets no answer in time, and repeats a GET", async () => {
    server.script({ delayMs: 4_000, body: { late: true } }, { body: { ok: true } });
    const res = await client({ requestTimeoutMs: 1_500 }).send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" });
    expect(res.body).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it("does not repeat a POST that timed out: it may have been applied", async () => {
    server.script({ delayMs: 4_000, body: { late: true } });
    const err = await failure(client({ requestTimeoutMs: 1_500 }).send({ method: "POST", path: "/api/v1/accounts/1/portals", json: {} }));
    expect(err.kind).toBe("timeout");
    expect(err.code).toBe("UND_ERR_HEADERS_TIMEOUT");
    expect(err.writeOutcome).toBe("unknown");
    expect(err.message).toMatch(/^POST \/api\/v1\/accounts\/1\/portals: no answer within 1500 ms/);
    expect(err.hint).toContain("chatwoot:requestTimeoutMs");
    expect(server.requests).toHaveLength(1);
  });
});

describe("lost connections", () => {
  it("repeats a GET whose answer was lost", async () => {
    server.script({ destroy: "after-read" }, { body: { id: 1 } });
    await expect(client().send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" })).resolves.toEqual({ status: 200, body: { id: 1 } });
    expect(server.requests).toHaveLength(2);
  });

  it("repeats a PATCH and a DELETE whose connection was reset", async () => {
    server.script({ destroy: "before-read" }, { body: { id: 1 } }, { destroy: "after-read" }, { status: 200, body: "" });
    await client().send({ method: "PATCH", path: "/api/v1/accounts/1/automation_rules/1", json: { name: "n" } });
    await client().send({ method: "DELETE", path: "/api/v1/accounts/1/automation_rules/1" });
    expect(server.requests.map((r) => r.method)).toEqual(["PATCH", "DELETE", "DELETE"]);
  });

  it("does not repeat a POST whose answer was lost, and reports the outcome as unknown", async () => {
    server.script({ destroy: "after-read" }, { body: { id: 1 } });
    const err = await failure(client().send({ method: "POST", path: "/api/v1/accounts/1/portals", json: { slug: "help" } }));
    expect(err.kind).toBe("network");
    expect(err.writeOutcome).toBe("unknown");
    expect(err.status).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it("fails at once when a server that never answered refuses the connection (a wrong URL, a server that is down)", async () => {
    const port = await closedPort();
    const err = await failure(client({ url: `http://127.0.0.1:${port}`, maxRetries: 6 }, { retry: { minDelayMs: 300, maxDelayMs: 10_000 } }).send({ method: "GET", path: "/api/v1/accounts/1/agents" }));
    expect(err.attempts).toBe(1);
    expect(err.kind).toBe("network");
    expect(err.code).toBe("ECONNREFUSED");
    expect(err.attempts).toBe(1);
    expect(err.message).toBe(`GET /api/v1/accounts/1/agents: connection refused (ECONNREFUSED); nothing accepted the connection; check chatwoot:url (or environment variable CHATWOOT_URL)`);
  });

  it("names an answer that is not HTTP/1.1 (another service on the port) and points at the URL", async () => {
    // A service that speaks something else: here it sends the request's own bytes back, as a
    // connection to itself would.
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = echo.address() as net.AddressInfo;
      const err = await failure(client({ url: `http://127.0.0.1:${port}` }).send({ method: "GET", path: "/api/v1/accounts/1/agents" }));
      expect(err.kind).toBe("network");
      expect(err.message).toMatch(/^GET \/api\/v1\/accounts\/1\/agents: the answer is not HTTP\/1\.1( \(HPE_\w+\))?; something other than Chatwoot's web server answers there .*check chatwoot:url/);
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });

  it("once the server has answered, repeats a POST whose connection was refused (not applied, a restart), then reports it with a hint", async () => {
    const c = client({ maxRetries: 2 });
    await c.send({ method: "GET", path: "/api/v1/accounts/1/portals" });
    await server.close();
    const err = await failure(c.send({ method: "POST", path: "/api/v1/accounts/1/portals", json: {} }));
    expect(err.kind).toBe("network");
    expect(err.code).toBe("ECONNREFUSED");
    expect(err.attempts).toBe(3);
    expect(err.writeOutcome).toBe("not-applied");
    expect(err.hint).toContain("chatwoot:url");
  });
});

describe("answers cut off mid-body", () => {
  const cut: Reply = { body: { id: 1, name: "a long enough name to cut" }, cutAfterBytes: 10 };

  it("reads a GET again", async () => {
    server.script(cut, { body: { id: 1 } });
    await expect(client().send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" })).resolves.toEqual({ status: 200, body: { id: 1 } });
    expect(server.requests).toHaveLength(2);
  });

  it("never repeats a write whose 2xx answer broke off: it was applied", async () => {
    server.script(cut, { body: { id: 1 } });
    const err = await failure(client().send({ method: "POST", path: "/api/v1/accounts/1/portals", json: {} }));
    expect(err.kind).toBe("network");
    expect(err.status).toBe(200);
    expect(err.writeOutcome).toBe("applied");
    expect(err.message).toBe("POST /api/v1/accounts/1/portals: 200 answer broke off (UND_ERR_SOCKET)");
    expect(server.requests).toHaveLength(1);
  });
});

describe("malformed answers", () => {
  const bad: Reply = { headers: { "content-type": "application/json" }, body: `{"id": 1, "access_token": "${API_TOKEN}"` };

  it("reads a GET again when its 200 body is not JSON", async () => {
    server.script(bad, { body: { id: 1 } });
    await expect(client().send({ method: "GET", path: "/platform/api/v1/agent_bots/1" })).resolves.toEqual({ status: 200, body: { id: 1 } });
    expect(server.requests).toHaveLength(2);
  });

  it("never repeats a write whose 200 body is not JSON: it was applied", async () => {
    server.script(bad, { body: { id: 1 } });
    const err = await failure(client().send({ method: "PATCH", path: "/platform/api/v1/agent_bots/1", json: { name: "b" } }));
    expect(err.kind).toBe("invalid-response");
    expect(err.writeOutcome).toBe("applied");
    expect(err.status).toBe(200);
    expect(err.message).toMatch(/^PATCH \/platform\/api\/v1\/agent_bots\/1: 200 answer is not valid JSON \(\d+ bytes\)$/);
    expect(server.requests).toHaveLength(1);
  });

  it("points at the URL when an HTML page answers instead of the API", async () => {
    server.script({ status: 200, headers: { "content-type": "text/html" }, body: "<html><title>Sign in</title></html>" });
    const err = await failure(client({ maxRetries: 0 }).send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" }));
    expect(err.kind).toBe("invalid-response");
    expect(err.message).toContain("of HTML");
    expect(err.hint).toContain("chatwoot:url");
  });

  it("gives up on a GET that keeps answering garbage, within maxRetries", async () => {
    server.script(bad, bad, bad);
    const err = await failure(client({ maxRetries: 2 }).send({ method: "GET", path: "/platform/api/v1/agent_bots/1" }));
    expect(err.kind).toBe("invalid-response");
    expect(err.writeOutcome).toBe("not-applied");
    expect(server.requests).toHaveLength(3);
  });
});

describe("error bodies, messages and hints", () => {
  const cases: [string, ApiRequest, Reply, string, string | RegExp | undefined][] = [
    [
      "{error: string}",
      { method: "GET", path: "/api/v1/accounts/1/portals/nope" },
      { status: 404, body: { error: "Resource could not be found" } },
      "GET /api/v1/accounts/1/portals/nope: 404 Resource could not be found",
      undefined,
    ],
    [
      "{error: {field: [msgs]}}",
      { method: "PATCH", path: "/api/v1/accounts/1/automation_rules/3", json: {} },
      { status: 422, body: { error: { conditions: ["Automation conditions should have query operator."] } } },
      "PATCH /api/v1/accounts/1/automation_rules/3: 422 conditions: Automation conditions should have query operator.",
      undefined,
    ],
    [
      "{message, attributes}",
      { method: "PATCH", path: "/api/v1/accounts/1/portals/help", json: {} },
      { status: 422, body: { message: "Slug has already been taken", attributes: ["slug"] } },
      "PATCH /api/v1/accounts/1/portals/help: 422 Slug has already been taken",
      undefined,
    ],
    [
      "{errors: [msgs]} (devise)",
      { method: "GET", path: "/api/v1/accounts/1/inboxes/1" },
      { status: 401, body: { errors: ["You need to sign in or sign up before continuing."] } },
      "GET /api/v1/accounts/1/inboxes/1: 401 You need to sign in or sign up before continuing.",
      /underscores/,
    ],
    [
      "{status, error} (Rails default)",
      { method: "POST", path: "/api/v1/accounts/1/portals", json: {} },
      { status: 500, body: { status: 500, error: "Internal Server Error" } },
      "POST /api/v1/accounts/1/portals: 500 Internal Server Error",
      undefined,
    ],
    [
      "HTML proxy page",
      { method: "POST", path: "/api/v1/accounts/1/portals", json: {} },
      { status: 502, headers: { "content-type": "text/html" }, body: "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502</h1>nginx</body></html>" },
      "POST /api/v1/accounts/1/portals: 502 HTML page: 502 Bad Gateway",
      /proxy or gateway/,
    ],
    [
      "empty body",
      { method: "DELETE", path: "/api/v1/accounts/1/portals/x" },
      { status: 404, body: "" },
      "DELETE /api/v1/accounts/1/portals/x: 404 Not Found",
      undefined,
    ],
    [
      "platform bot owned by another app",
      { method: "PATCH", path: "/platform/api/v1/agent_bots/9", json: {} },
      { status: 401, body: { error: "Non permissible resource" } },
      "PATCH /platform/api/v1/agent_bots/9: 401 Non permissible resource",
      /only sees the agent bots it created/,
    ],
    [
      "unknown user token",
      { method: "GET", path: "/api/v1/accounts/1/inboxes/1" },
      { status: 401, body: { error: "Invalid Access Token" } },
      "GET /api/v1/accounts/1/inboxes/1: 401 Invalid Access Token",
      /chatwoot:apiAccessToken/,
    ],
    [
      "bot token on an account endpoint",
      { method: "GET", path: "/api/v1/accounts/1/inboxes/1" },
      { status: 401, body: { error: "Access to this endpoint is not authorized for bots" } },
      "GET /api/v1/accounts/1/inboxes/1: 401 Access to this endpoint is not authorized for bots",
      /user's access token/,
    ],
    [
      "agent instead of administrator",
      { method: "POST", path: "/api/v1/accounts/1/portals", json: {} },
      { status: 401, body: { error: "You are not authorized to do this action" } },
      "POST /api/v1/accounts/1/portals: 401 You are not authorized to do this action",
      /administrator/,
    ],
    [
      "non-platform token on /platform",
      { method: "GET", path: "/platform/api/v1/agent_bots" },
      { status: 401, body: { error: "Invalid access_token" } },
      "GET /platform/api/v1/agent_bots: 401 Invalid access_token",
      /Platform App/,
    ],
  ];

  it.each(cases)("%s", async (_label, req, reply, expected, hint) => {
    server.script(reply);
    const err = await failure(client().send(req));
    expect(err.kind).toBe("http");
    expect(err.method).toBe(req.method);
    expect(err.path).toBe(req.path);
    expect(err.status).toBe((reply as { status: number }).status);
    const line = err.hint === undefined ? expected : `${expected}; ${err.hint}`;
    expect(err.message).toBe(line);
    expect(err.message).not.toMatch(/\n/);
    if (hint === undefined) expect(err.hint).toBeUndefined();
    else expect(err.hint).toMatch(hint);
  });

  it("isNotFound is true only for 404 answers", async () => {
    server.script({ status: 404, body: { error: "Resource could not be found" } }, { status: 401, body: { error: "Non permissible resource" } });
    const notFound = await failure(client().send({ method: "GET", path: "/api/v1/accounts/1/portals/a" }));
    const forbidden = await failure(client().send({ method: "GET", path: "/platform/api/v1/agent_bots/1" }));
    expect(isNotFound(notFound)).toBe(true);
    expect(isNotFound(forbidden)).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });

  it("does not take a proxy's 404 page for Chatwoot saying an object is gone", async () => {
    server.script({ status: 404, headers: { "content-type": "text/html" }, body: "<html><title>404 Not Found</title><body>nginx</body></html>" });
    const err = await failure(client().send({ method: "GET", path: "/api/v1/accounts/1/portals/a" }));
    expect(err.status).toBe(404);
    expect(err.body).toBe("html");
    expect(isNotFound(err)).toBe(false);
  });

  it("keeps the query string out of the error's path and message", async () => {
    server.script({ status: 404, body: { error: "Resource could not be found" } });
    const err = await failure(client().send({ method: "GET", path: "/api/v1/accounts/1/custom_attribute_definitions", query: { attribute_model: "contact_attribute" } }));
    expect(err.path).toBe("/api/v1/accounts/1/custom_attribute_definitions");
    expect(err.message).not.toContain("attribute_model");
  });

  it("redacts a token that a server echoes back in its error body", async () => {
    server.script({ status: 401, body: { error: `Invalid Access Token ${API_TOKEN}` } });
    const err = await failure(client().send({ method: "GET", path: "/api/v1/accounts/1/inboxes/1" }));
    expect(err.serverMessage).toBe("Invalid Access Token [redacted]");
  });
});

describe("rate limiting across the process", () => {
  /** A test server limited like rack-attack: `limit` requests per window of `periodMs` at multiples of it since the epoch. */
  function fixedWindows(limit: number, periodMs: number) {
    const counts = { window: -1, count: 0, throttled: 0 };
    const allow = (): boolean => {
      const window = Math.floor(Date.now() / periodMs);
      if (window !== counts.window) Object.assign(counts, { window, count: 0 });
      counts.count += 1;
      if (counts.count <= limit) return true;
      counts.throttled += 1;
      return false;
    };
    return { counts, allow };
  }
  const limited: Reply = { status: 429, headers: { "content-type": "text/plain" }, body: "Retry later\n" };

  it("finishes a burst against a fixed-window rate limit with no failure, each window's quota learned once and then sent whole", async () => {
    await server.close();
    const windows = fixedWindows(50, 1_000);
    server = await startTestServer(() => (windows.allow() ? { body: { ok: true } } : limited));
    const c = client({ maxRetries: 2 }, { retry: { minDelayMs: 20, maxDelayMs: 200 }, limiter: { periodMs: 1_000, probeAfterMs: 20 } });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => c.send({ method: i % 2 ? "POST" : "GET", path: `/api/v1/accounts/1/things/${i}`, json: i % 2 ? {} : undefined })),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const stats = limiterStats(server.url);
    expect(windows.counts.throttled).toBeGreaterThan(0);
    expect(stats?.throttled).toBe(windows.counts.throttled);
    expect(stats?.holds).toBeGreaterThan(0);
    // Those out when the first window ran out (16 connections), and the one request beyond its
    // estimate, alone; a window that opens a little later than the Date said costs an opener.
    expect(windows.counts.throttled).toBeLessThanOrEqual(16 + 1 + 2);
    // Every request was answered 200 once; the rest of the traffic is 429s.
    expect(server.requests.length - windows.counts.throttled).toBe(200);
  });

  it("sends no write twice under a fixed-window rate limit when answers are lost, and fails only those calls", async () => {
    await server.close();
    const windows = fixedWindows(30, 1_000);
    let handled = 0;
    const applied = new Map<string, number>();
    server = await startTestServer((req) => {
      if (!windows.allow()) return limited;
      const body = req.body.toString("utf8");
      applied.set(body, (applied.get(body) ?? 0) + 1);
      handled += 1;
      // Created, then the connection drops before the answer: the client cannot know.
      return handled % 9 === 0 ? { destroy: "after-read" } : { status: 201, body: { id: handled } };
    });
    const c = client({ maxRetries: 2 }, { retry: { minDelayMs: 20, maxDelayMs: 200 }, limiter: { periodMs: 1_000, probeAfterMs: 20 } });
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) => c.send({ method: "POST", path: "/api/v1/accounts/1/portals", json: { slug: `help-${i}` } })),
    );
    expect(applied.size).toBe(120);
    expect([...applied.values()].every((n) => n === 1)).toBe(true);
    const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(failed).toHaveLength(Math.floor(handled / 9));
    for (const err of failed) {
      errors.push(err);
      expect(err).toMatchObject({ kind: "network", writeOutcome: "unknown" });
    }
    expect(limiterStats(server.url)?.throttled).toBeGreaterThan(0);
  });

  it("sends a configured quota (chatwoot:rateLimitPerMinute) per window and draws no 429", async () => {
    await server.close();
    const windows = fixedWindows(40, 1_000);
    server = await startTestServer(() => (windows.allow() ? { body: { ok: true } } : limited));
    const c = client({ rateLimitPerMinute: 40 }, FAST);
    await Promise.all(Array.from({ length: 100 }, (_, i) => c.send({ method: "GET", path: `/api/v1/accounts/1/inboxes/${i}` })));
    expect(windows.counts.throttled).toBe(0);
    expect(server.requests).toHaveLength(100);
    expect(limiterStats(server.url)).toMatchObject({ quota: 40, quotaSource: "configured", throttled: 0 });
  });
});

describe("requests in flight", () => {
  /** Fails instead of hanging when a call never ends (a limiter slot never given back stalls the origin). */
  const within = <T>(ms: number, call: Promise<T>): Promise<T> =>
    Promise.race([call, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms: stalled`)), ms).unref())]);

  it("holds calls beyond the pool's connections in the limiter, never more in flight than connections", async () => {
    await server.close();
    server = await startTestServer(() => ({ delayMs: 30, body: { ok: true } }));
    const c = client({}, { ...FAST, connections: 3 });
    let peakInFlight = 0;
    let peakWaiting = 0;
    const sample = setInterval(() => {
      const stats = limiterStats(server.url);
      peakInFlight = Math.max(peakInFlight, stats?.inFlight ?? 0);
      peakWaiting = Math.max(peakWaiting, stats?.waiting ?? 0);
    }, 5);
    const results = await within(10_000, Promise.all(Array.from({ length: 30 }, (_, i) => c.send({ method: "GET", path: `/api/v1/accounts/1/inboxes/${i}` }))));
    clearInterval(sample);
    expect(results).toHaveLength(30);
    expect(server.requests).toHaveLength(30);
    expect(peakInFlight).toBe(3);
    expect(peakWaiting).toBeGreaterThanOrEqual(20);
    expect(limiterStats(server.url)).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it("keeps the calls waiting for a connection back when a 429 arrives, so only those in flight are refused", async () => {
    await server.close();
    // Four requests pass; then the server refuses everything for 500 ms, asking for a one-second pause.
    let firstRefusal: number | undefined;
    let throttled = 0;
    server = await startTestServer((req) => {
      const passed = server.requests.indexOf(req) < 4;
      if (!passed && (firstRefusal === undefined || req.at - firstRefusal < 500)) {
        firstRefusal ??= req.at;
        throttled += 1;
        return { status: 429, headers: { "content-type": "text/plain", "retry-after": "1" }, body: "Retry later\n" };
      }
      return { delayMs: 20, body: { ok: true } };
    });
    const connections = 2;
    const c = client({}, { ...FAST, connections });
    const results = await within(10_000, Promise.allSettled(Array.from({ length: 20 }, (_, i) => c.send({ method: "GET", path: `/api/v1/accounts/1/inboxes/${i}` }))));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    // Without the cap, the 16 calls queued in the pool would all have gone out and been refused.
    expect(throttled).toBeGreaterThanOrEqual(1);
    expect(throttled).toBeLessThanOrEqual(connections);
    expect(server.requests.length).toBe(20 + throttled);
  });

  const GET = { method: "GET", path: "/api/v1/accounts/1/inboxes/1" } as const;
  const POST = { method: "POST", path: "/api/v1/accounts/1/portals", json: {} } as const;
  const PATCH = { method: "PATCH", path: "/api/v1/accounts/1/portals/help", json: {} } as const;
  const limited: Reply = { status: 429, headers: { "content-type": "text/plain" }, body: "Retry later\n" };
  // [how the attempt ends, replies, request, whether the call succeeds, settings]
  const endings: [string, Reply[], ApiRequest, boolean, Partial<ConnectionSettings>][] = [
    ["an answer", [{ body: { id: 1 } }], GET, true, {}],
    ["a 503, then a retried attempt", [{ status: 503, body: "busy" }, { body: {} }], GET, true, {}],
    ["a 429, then a retried attempt", [limited, { body: {} }], POST, true, {}],
    ["a connection reset before the request was read, then a retry", [{ destroy: "before-read" }, { body: {} }], PATCH, true, {}],
    ["a lost answer (not retried)", [{ destroy: "after-read" }], POST, false, {}],
    ["an answer cut off mid-body, then a re-read", [{ body: { name: "x".repeat(200) }, cutAfterBytes: 20 }, { body: {} }], GET, true, {}],
    ["a timeout (not retried)", [{ delayMs: 4_000, body: {} }], POST, false, { requestTimeoutMs: 1_500 }],
  ];

  it.each(endings)("gives the slot back after %s: the next call on the one connection goes at once", async (_label, replies, req, succeeds, overrides) => {
    server.script(...replies);
    const c = client(overrides, { ...FAST, connections: 1 });
    const call = within(8_000, c.send(req));
    if (succeeds) await call;
    else await failure(call);
    expect(limiterStats(server.url)).toMatchObject({ inFlight: 0, waiting: 0 });
    await expect(within(2_000, client({}, { ...FAST, connections: 1 }).send(GET))).resolves.toMatchObject({ status: 200 });
  });

  it("fails a call still waiting in the limiter when the pools are closed, instead of leaving it hanging", async () => {
    server.script({ delayMs: 200, body: { first: true } });
    const c = client({}, { ...FAST, connections: 1 });
    const first = c.send(GET);
    const second = c.send(GET);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(limiterStats(server.url)).toMatchObject({ inFlight: 1, waiting: 1 });
    const closed = closeApiClients();
    await expect(within(2_000, first)).resolves.toEqual({ status: 200, body: { first: true } });
    // Its turn comes after the pool closed: the pool refuses it at once (the gate's synchronous failure path).
    const err = await failure(within(2_000, second));
    expect(err.kind).toBe("network");
    expect(err.writeOutcome).toBe("not-applied");
    await closed;
    expect(server.requests).toHaveLength(1);
  });
});

// Runs last: jest runs a file's tests in order.
it("raises no error in this file that exposes a token, whatever its kind", () => {
  expect(errors.length).toBeGreaterThan(20);
  expect(new Set(errors.map((e) => (e as ChatwootApiError).kind))).toEqual(new Set(["http", "timeout", "network", "invalid-response"]));
  for (const err of errors) {
    const text = exposedText(err);
    expect(text).not.toContain(API_TOKEN);
    expect(text).not.toContain(PLATFORM_TOKEN);
  }
});
