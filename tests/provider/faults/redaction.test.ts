import { randomBytes } from "node:crypto";
import { resources } from "../../../provider";
import { exposedText, leakedPiece } from "../../unit/http/support/secrets";
import { create, refresh, up, type State } from "../support/engine";
import { useSandbox } from "../support/sandbox";

// The documented shapes: bot updates and lists answer the bot's access token, as the spec says.
const ctx = useSandbox("documented");
const BOTS = "/platform/api/v1/agent_bots";
const LABEL = "/api/v1/accounts/:account/labels/:id";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** `length` random base58 characters, like the server's tokens. */
const token = (length: number) => [...randomBytes(length)].map((b) => BASE58[b % 58]).join("");

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (err) {
    if (err instanceof Error) return err;
    throw err;
  }
  throw new Error("expected the step to fail");
}

/** A label the provider believes it has (the fault answers before the server looks it up). */
const labelState = (): State => ({ id: "999", inputs: {}, outs: { accountId: ctx.account.id, title: "billing" } });
const labelPath = () => `/api/v1/accounts/${ctx.account.id}/labels/999`;

/** Refreshes the label under a fault answering `status` with `body`; the error it fails with. */
async function readFailure(status: number, body: unknown): Promise<Error> {
  ctx.sb.control.inject({ method: "GET", path: LABEL, kind: "status", status, body, times: 10 });
  return failure(() => refresh(resources.Label, labelState()));
}

/** The error names the request and says nothing of `secret`: no 6 characters of it, in any case (nor any of a short one). */
function expectRedacted(err: Error, request: string, secret: string, ...context: string[]) {
  expect(err.message).toContain(request);
  for (const words of context) expect(err.message).toContain(words);
  expect(leakedPiece(exposedText(err), secret)).toBeUndefined();
}

afterEach(() => ctx.connect());

describe("redaction of server texts in errors", () => {
  const desired = { name: "Echo bot", description: "Answers", outgoingUrl: "https://bots.example.test/echo" };

  it("hides a bot's access token the provider has seen, echoed in a 422", async () => {
    const created = await create(resources.AgentBot, desired);
    const { state } = await up(resources.AgentBot, created, { ...desired, description: "Answers politely" });
    const accessToken = String(state.outs.accessToken);
    expect(ctx.sb.control.secrets()).toContain(accessToken);

    ctx.sb.control.inject({ method: "PATCH", path: `${BOTS}/:id`, kind: "status", status: 422, body: { error: `Bot ${accessToken} cannot be changed now` } });
    const err = await failure(() => up(resources.AgentBot, state, { ...desired, description: "Answers briefly" }));
    expectRedacted(err, `PATCH ${BOTS}/${state.id}: 422`, accessToken, "cannot be changed now", "[redacted]");
  });

  it("hides a token the provider has not seen, after its key, in the 422 of the POST that made it", async () => {
    const unseen = token(24);
    ctx.sb.control.inject({ method: "POST", path: BOTS, kind: "status", status: 422, body: { message: `Validation failed for bot with access_token ${unseen}` } });
    const err = await failure(() => create(resources.AgentBot, desired));
    expectRedacted(err, `POST ${BOTS}: 422`, unseen, "Validation failed for bot with access_token [redacted]");
  });

  it.each([
    ["a text body", (text: string) => text],
    ["a JSON body", (text: string) => ({ error: text })],
  ])("leaves no part of the API token that straddles the 300-character clip of a 500's %s", async (_what, wrap) => {
    const apiToken = ctx.account.adminToken;
    const before = "Something went wrong while handling the request. ".repeat(6).slice(0, 290);
    const text = `${before}${apiToken} ${"and nothing more. ".repeat(10)}`.slice(0, 400);
    expect([text.length, text.indexOf(apiToken) < 300, text.indexOf(apiToken) + apiToken.length > 300]).toEqual([400, true, true]);
    const err = await readFailure(500, wrap(text));
    expectRedacted(err, `GET ${labelPath()}: 500`, apiToken, "Something went wrong");
  });

  describe("the configured API token in other forms", () => {
    // URL-encoding changes only a token with characters such as these.
    const apiToken = `${token(16)}/+=~!`;
    it.each([
      ["in base64", (t: string) => Buffer.from(t).toString("base64")],
      ["in hex", (t: string) => Buffer.from(t).toString("hex")],
      ["URL-encoded", encodeURIComponent],
      ["in upper case", (t: string) => t.toUpperCase()],
    ])("hides it echoed %s", async (_form, encode) => {
      ctx.connect({ apiAccessToken: apiToken });
      const echo = encode(apiToken);
      const err = await readFailure(401, { error: `Not accepted: ${echo} (as received)` });
      expectRedacted(err, `GET ${labelPath()}: 401`, apiToken, "Not accepted: [redacted] (as received)");
      expect(leakedPiece(exposedText(err), echo)).toBeUndefined();
    });
  });

  it("hides a 6-character API token echoed back", async () => {
    const short = token(6);
    ctx.connect({ apiAccessToken: short });
    const err = await readFailure(401, { error: `Unknown credentials ${short} (as received)` });
    expectRedacted(err, `GET ${labelPath()}: 401`, short, "Unknown credentials [redacted] (as received)");
  });
});
