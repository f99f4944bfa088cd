import {
  backoffMs,
  isIdempotent,
  parseRetryAfter,
  rateLimitWaitOver,
  retryDelayMs,
  writeOutcomeOf,
  type AttemptFailure,
  type RetryCounters,
  type RetryPolicyOptions,
} from "../../../../provider/http/transport/retry-policy";

const options: RetryPolicyOptions = { maxRetries: 3, rateLimitMaxWaitMs: 5_000, minDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 30_000, random: () => 0.5 };
const fresh = (): RetryCounters => ({ transient: 0, rateLimited: 0 });
const status = (s: number, retryAfterMs?: number, waitedMs?: number): AttemptFailure => ({ type: "status", status: s, retryAfterMs, waitedMs });
const error = (code: string): AttemptFailure => ({ type: "error", code });

describe("retryDelayMs", () => {
  it.each([
    // failure, retried for idempotent requests, retried for POST
    [status(429), true, true],
    [status(503), true, true],
    [status(502), true, false],
    [status(504), true, false],
    [status(500), false, false],
    [status(501), false, false],
    [status(404), false, false],
    [status(422), false, false],
    [status(401), false, false],
    [error("ECONNREFUSED"), true, true],
    [error("UND_ERR_CONNECT_TIMEOUT"), true, true],
    [error("EAI_AGAIN"), true, true],
    [error("ECONNRESET"), true, false],
    [error("UND_ERR_SOCKET"), true, false],
    [error("EPIPE"), true, false],
    [error("UND_ERR_HEADERS_TIMEOUT"), true, false],
    [error("UND_ERR_BODY_TIMEOUT"), true, false],
    [error("ENOTFOUND"), false, false],
    [error("UND_ERR_INVALID_ARG"), false, false],
    [{ type: "error" } as AttemptFailure, false, false],
  ])("%j: idempotent %s, POST %s", (failure, idempotent, post) => {
    expect(retryDelayMs(true, failure, fresh(), options) !== undefined).toBe(idempotent);
    expect(retryDelayMs(false, failure, fresh(), options) !== undefined).toBe(post);
  });

  it.each(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT", "EAI_AGAIN", "EHOSTUNREACH"])("does not repeat %s before the server's first answer", (code) => {
    expect(retryDelayMs(true, { type: "error", code, beforeFirstAnswer: true }, fresh(), options)).toBeUndefined();
    expect(retryDelayMs(true, { type: "error", code, beforeFirstAnswer: false }, fresh(), options)).toBeDefined();
  });

  it("repeats a lost answer of an idempotent request even before the server's first answer (it was reached)", () => {
    expect(retryDelayMs(true, { type: "error", code: "ECONNRESET", beforeFirstAnswer: true }, fresh(), options)).toBeDefined();
  });

  it("charges transient failures to maxRetries, and repeats 429s for as long as the wait stays within rateLimitMaxWaitMs, however many", () => {
    const counters = fresh();
    const transient = Array.from({ length: 5 }, () => retryDelayMs(true, status(503), counters, options));
    expect(transient.map((d) => d !== undefined)).toEqual([true, true, true, false, false]);
    const waits = [0, 10, 1_000, 4_000, 4_999, 5_000, 9_000];
    const limited = waits.map((waited) => retryDelayMs(true, status(429, undefined, waited), counters, options));
    expect(limited.map((d) => d !== undefined)).toEqual(waits.map((waited) => waited < options.rateLimitMaxWaitMs));
    // Every 429 is counted (the error reports them), the last one too; transient retries are not spent on them.
    expect(counters).toEqual({ transient: 3, rateLimited: waits.length });
  });

  it("with rateLimitMaxWaitMs 0, does not repeat a 429 at all", () => {
    expect(retryDelayMs(false, status(429, undefined, 0), fresh(), { ...options, rateLimitMaxWaitMs: 0 })).toBeUndefined();
    expect(rateLimitWaitOver(0, { rateLimitMaxWaitMs: 0 })).toBe(true);
    expect(rateLimitWaitOver(0, { rateLimitMaxWaitMs: 1 })).toBe(false);
  });

  it("backs off exponentially per budget, capped", () => {
    const counters = fresh();
    const steps = Array.from({ length: 3 }, () => retryDelayMs(true, error("ECONNRESET"), counters, { ...options, maxRetries: 10 }));
    // random 0.5 -> three quarters of each step: 100, 200, 400
    expect(steps).toEqual([75, 150, 300]);
    expect(retryDelayMs(true, status(429), counters, options)).toBe(75);
  });

  it("uses a server's Retry-After instead of the backoff, up to the cap", () => {
    expect(retryDelayMs(true, status(429, 7_000), fresh(), options)).toBe(7_000);
    expect(retryDelayMs(false, status(503, 2_000), fresh(), options)).toBe(2_000);
    expect(retryDelayMs(true, status(429, 3_600_000), fresh(), options)).toBe(30_000);
    // Retry-After does not make a non-retryable answer retryable.
    expect(retryDelayMs(true, status(500, 1_000), fresh(), options)).toBeUndefined();
  });
});

describe("backoffMs", () => {
  it("stays within [step/2, step] for any jitter, with the step doubling up to the cap", () => {
    for (const r of [0, 0.3, 0.999]) {
      const o = { ...options, random: () => r };
      for (let n = 1; n <= 8; n++) {
        const step = Math.min(1_000, 100 * 2 ** (n - 1));
        const d = backoffMs(n, o);
        expect(d).toBeGreaterThanOrEqual(step / 2);
        expect(d).toBeLessThanOrEqual(step);
      }
    }
  });

  it("spreads clients that failed together", () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffMs(3, { ...options, random: Math.random })));
    expect(delays.size).toBeGreaterThan(40);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-05-01T10:00:00Z");
  it("reads delta seconds and HTTP dates", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1_500);
    expect(parseRetryAfter("Fri, 01 May 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(["5", "9"], now)).toBe(5_000);
  });

  it("ignores absent, past and unusable values", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("Fri, 01 May 2026 09:00:00 GMT", now)).toBe(0);
  });
});

describe("writeOutcomeOf", () => {
  it.each([
    ["POST", { status: 200 }, "applied"],
    ["PATCH", { status: 204 }, "applied"],
    ["POST", { status: 422 }, "not-applied"],
    ["POST", { status: 401 }, "not-applied"],
    ["DELETE", { status: 404 }, "not-applied"],
    ["POST", { status: 429 }, "not-applied"],
    ["POST", { status: 503 }, "not-applied"],
    ["POST", { status: 408 }, "unknown"],
    ["POST", { status: 500 }, "unknown"],
    ["PATCH", { status: 502 }, "unknown"],
    ["POST", { status: 504 }, "unknown"],
    ["POST", { code: "ECONNREFUSED" }, "not-applied"],
    ["POST", { code: "UND_ERR_CONNECT_TIMEOUT" }, "not-applied"],
    ["POST", { code: "ECONNRESET" }, "unknown"],
    ["POST", { code: "UND_ERR_SOCKET" }, "unknown"],
    ["PATCH", { code: "UND_ERR_HEADERS_TIMEOUT" }, "unknown"],
    ["POST", { status: 200, code: "UND_ERR_SOCKET" }, "applied"],
    ["POST", {}, "unknown"],
    ["GET", { status: 500 }, "not-applied"],
    ["GET", { code: "ECONNRESET" }, "not-applied"],
  ])("%s %j -> %s", (method, failure, outcome) => {
    expect(writeOutcomeOf(method, failure)).toBe(outcome);
  });
});

describe("isIdempotent", () => {
  it("treats GET, PATCH and DELETE as repeatable and POST as not", () => {
    expect(["GET", "PATCH", "DELETE", "POST"].map(isIdempotent)).toEqual([true, true, true, false]);
  });
});
