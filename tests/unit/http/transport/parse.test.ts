import { z } from "zod";
import type { ApiRequest } from "../../../../provider/http/transport/client";
import { ChatwootApiError } from "../../../../provider/http/transport/errors";
import { parseBody } from "../../../../provider/http/transport/parse";
import { registerSecret } from "../../../../provider/http/redaction/secrets";
import { exposedText, fakeToken, leakedPiece } from "../support/secrets";

const Bot = z.object({ id: z.number(), name: z.string(), access_token: z.string().optional() });
const Bots = z.array(Bot);
const get: ApiRequest = { method: "GET", path: "/platform/api/v1/agent_bots" };

function parseError(fn: () => unknown): ChatwootApiError {
  try {
    fn();
  } catch (e) {
    if (ChatwootApiError.isInstance(e)) return e;
    throw e;
  }
  throw new Error("expected a ChatwootApiError");
}

describe("parseBody", () => {
  it("returns the schema's output", () => {
    const Portal = z.object({ id: z.number(), slug: z.string() }).transform((p) => ({ ...p, key: `portal:${p.slug}` }));
    expect(parseBody(Portal, { status: 200, body: { id: 1, slug: "help", extra: true } }, get)).toEqual({ id: 1, slug: "help", key: "portal:help" });
  });

  it("reports a mismatch as invalid-response naming the request, the field and the types, never the values", () => {
    const token = fakeToken("bot");
    const body = [{ id: 1, name: "ok", access_token: token }, { id: "2", name: "x", access_token: token }];
    const err = parseError(() => parseBody(Bots, { status: 200, body }, get));
    expect(err.kind).toBe("invalid-response");
    expect(err.status).toBe(200);
    expect(err.method).toBe("GET");
    expect(err.path).toBe("/platform/api/v1/agent_bots");
    expect(err.writeOutcome).toBe("not-applied");
    expect(err.message).toBe("GET /platform/api/v1/agent_bots: 200 answer has an unexpected shape: 1.id: expected number, received string");
    expect(exposedText(err)).not.toContain(token);
  });

  it("marks an unexpected answer to a write as applied", () => {
    const post: ApiRequest = { method: "POST", path: "/platform/api/v1/agent_bots", json: { name: "b" } };
    const err = parseError(() => parseBody(Bot, { status: 200, body: undefined }, post));
    expect(err.writeOutcome).toBe("applied");
    expect(err.message).toBe("POST /platform/api/v1/agent_bots: 200 answer has an unexpected shape: (body): expected object, received undefined");
  });

  it("lists at most three issues", () => {
    const Wide = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() });
    const err = parseError(() => parseBody(Wide, { status: 200, body: {} }, get));
    expect(err.message).toMatch(/a: expected string, received undefined; b: .*; c: .*; and 2 more$/);
  });

  it("describes enum and union mismatches without quoting the value", () => {
    const secretish = fakeToken("value");
    const Shape = z.object({ kind: z.enum(["text", "number"]), payload: z.union([z.array(z.number()), z.object({ id: z.number() })]) });
    const err = parseError(() => parseBody(Shape, { status: 200, body: { kind: secretish, payload: secretish } }, get));
    expect(err.message).toContain("kind: not one of the expected values");
    expect(err.message).toContain("payload: matches none of the accepted shapes");
    expect(exposedText(err)).not.toContain(secretish);
  });

  it("redacts keys the server sent that the message names (a map keyed by tokens)", () => {
    const token = fakeToken("keyed");
    registerSecret(token);
    const Strict = z.strictObject({ tokens: z.record(z.string(), z.number()) });
    const err = parseError(() => parseBody(Strict, { status: 200, body: { [token.toUpperCase()]: 1, tokens: { [token]: "x" } } }, get));
    expect(err.message).toContain("unexpected keys [redacted]");
    expect(err.message).toContain("tokens.[redacted]: expected number, received string");
    expect(leakedPiece(exposedText(err), token)).toBeUndefined();
  });
});
