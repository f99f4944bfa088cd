import { ChatwootApiError, ConfigError, isNotFound } from "../../../../provider/http/transport/errors";
import { registerSecret } from "../../../../provider/http/redaction/secrets";
import { fakeToken } from "../support/secrets";

/** A second copy of the errors module, as when two provider versions are loaded in one process. */
function otherCopy(): typeof import("../../../../provider/http/transport/errors") {
  let mod: typeof import("../../../../provider/http/transport/errors") | undefined;
  jest.isolateModules(() => {
    mod = require("../../../../provider/http/transport/errors");
  });
  if (mod === undefined) throw new Error("module not loaded");
  return mod;
}

describe("ChatwootApiError", () => {
  it("reads as one line: method, path, status and the server's message, then the hint", () => {
    const err = new ChatwootApiError({
      kind: "http",
      method: "PATCH",
      path: "/api/v1/accounts/1/portals/help",
      status: 422,
      serverMessage: "Slug has already been taken",
      writeOutcome: "not-applied",
    });
    expect(err.message).toBe("PATCH /api/v1/accounts/1/portals/help: 422 Slug has already been taken");
    expect(err.name).toBe("ChatwootApiError");
    expect(err).toBeInstanceOf(Error);

    const hinted = new ChatwootApiError({ kind: "http", method: "GET", path: "/x", status: 401, serverMessage: "Line one\nline two", hint: "check it", writeOutcome: "not-applied", attempts: 3 });
    expect(hinted.message).toBe("GET /x: 401 Line one line two (after 3 attempts); check it");
  });

  it("names the transport code when there was no answer", () => {
    const err = new ChatwootApiError({ kind: "network", method: "POST", path: "/p", code: "ECONNRESET", writeOutcome: "unknown" });
    expect(err.message).toBe("POST /p: network (ECONNRESET)");
    expect(err.status).toBeUndefined();
    expect(err.attempts).toBe(1);
  });

  it("has no own property for a field it does not carry", () => {
    const err = new ChatwootApiError({ kind: "timeout", method: "GET", path: "/p", writeOutcome: "not-applied" });
    for (const key of ["status", "serverMessage", "hint", "code"]) expect(Object.prototype.hasOwnProperty.call(err, key)).toBe(false);
  });

  it("redacts registered secrets from the server's message, the hint and the message", () => {
    const token = fakeToken("echoed");
    registerSecret(token);
    const err = new ChatwootApiError({ kind: "http", method: "GET", path: "/p", status: 401, serverMessage: `bad ${token}`, hint: `not ${token}`, writeOutcome: "not-applied" });
    expect(err.serverMessage).toBe("bad [redacted]");
    expect(err.hint).toBe("not [redacted]");
    expect(err.message).not.toContain(token);
  });

  it("is recognised across duplicate module copies, where instanceof fails", () => {
    const other = otherCopy();
    const foreign = new other.ChatwootApiError({ kind: "http", method: "GET", path: "/p", status: 404, body: "json", writeOutcome: "not-applied" });
    expect(foreign instanceof ChatwootApiError).toBe(false);
    expect(ChatwootApiError.isInstance(foreign)).toBe(true);
    expect(isNotFound(foreign)).toBe(true);
    expect(other.ChatwootApiError.isInstance(new ChatwootApiError({ kind: "network", method: "GET", path: "/p", writeOutcome: "not-applied" }))).toBe(true);
  });

  it("counts only Chatwoot's own (JSON) 404 as not found, never a proxy's page", () => {
    const notFound = (body: "json" | "html" | "text" | "empty") =>
      isNotFound(new ChatwootApiError({ kind: "http", method: "GET", path: "/p", status: 404, body, writeOutcome: "not-applied" }));
    expect(notFound("json")).toBe(true);
    expect(notFound("html")).toBe(false);
    expect(notFound("text")).toBe(false);
    expect(notFound("empty")).toBe(false);
  });

  it("adds a caller's hint after its own, keeping every other field", () => {
    const err = new ChatwootApiError({ kind: "http", method: "POST", path: "/p", status: 422, serverMessage: "Taken", hint: "first", body: "json", writeOutcome: "not-applied", attempts: 2 });
    const hinted = err.withHint("second");
    expect(hinted.message).toBe("POST /p: 422 Taken (after 2 attempts); first; second");
    expect([hinted.status, hinted.body, hinted.attempts, hinted.writeOutcome, hinted.serverMessage]).toEqual([422, "json", 2, "not-applied", "Taken"]);
    expect(ChatwootApiError.isInstance(hinted)).toBe(true);
  });

  it("rejects look-alikes", () => {
    const lookAlike = Object.assign(new Error("x"), { kind: "http", status: 404, method: "GET", path: "/p", writeOutcome: "not-applied" });
    for (const value of [lookAlike, new Error("404"), null, undefined, "ChatwootApiError", { status: 404 }]) {
      expect(ChatwootApiError.isInstance(value)).toBe(false);
      expect(isNotFound(value)).toBe(false);
    }
    expect(ChatwootApiError.isInstance(new ConfigError("x"))).toBe(false);
  });
});

describe("ConfigError", () => {
  it("is recognised across module copies and is not an API error", () => {
    const other = otherCopy();
    const foreign = new other.ConfigError("chatwoot:url is not set");
    expect(foreign instanceof ConfigError).toBe(false);
    expect(ConfigError.isInstance(foreign)).toBe(true);
    expect(ConfigError.isInstance(new Error("x"))).toBe(false);
    expect(ChatwootApiError.isInstance(foreign)).toBe(false);
    expect(foreign.name).toBe("ConfigError");
  });
});
