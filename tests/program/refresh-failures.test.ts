/**
 * A refresh that fails, through the real `pulumi` CLI, as a drift job meets it: the server answers
 * 500 to the read, or the stack's token is one the server does not know. The error is said once,
 * in one line, on the resource; before, Pulumi's dynamic-provider host also printed it to its
 * stderr, which the engine shows on the stack: the message twice, then stack frames of the
 * provider's code.
 */
import { realEngine } from "./support/real-engine";
import { expectSuccess } from "./support/lifecycle";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(120_000);

const PROGRAM = `
import * as chatwoot from "pulumi-chatwoot";
export const id = new chatwoot.Label("vip", { title: "vip", color: "#7c3aed" }).id;
`;

realEngine.describe("a failed refresh through `pulumi`", () => {
  const stack = useSdkProject();

  beforeAll(async () => {
    const project = await stack.init(PROGRAM);
    expectSuccess(await project.up());
  });

  afterEach(() => stack.sandbox.control.clearFaults());

  test.each([
    [
      "the server answers 500",
      async () => stack.sandbox.control.inject({ method: "GET", path: "/api/v1/accounts/:account/labels/:id", kind: "status", status: 500, times: 50 }),
      /GET \/api\/v1\/accounts\/1\/labels\/\d+: 500 Internal Server Error/,
    ],
    [
      // As Chatwoot answers a token it does not know (one revoked in the dashboard, say).
      "the token is refused",
      async () =>
        stack.sandbox.control.inject({ method: "GET", path: "/api/v1/accounts/:account/labels/:id", kind: "status", status: 401, body: { error: "Invalid Access Token" }, times: 50 }),
      /GET \/api\/v1\/accounts\/1\/labels\/\d+: 401 Invalid Access Token; the server does not know this token; check chatwoot:apiAccessToken/,
    ],
  ])("%s: the message once, on the resource, in one line, without stack frames", async (_what, breakIt, message) => {
    await breakIt();
    const refresh = await stack.project.refresh();
    expect(refresh.code).not.toBe(0);
    // The engine's errors: the resource's, and the stack's own "update failed".
    expect(refresh.errors.filter((e) => message.test(e))).toHaveLength(1);
    expect(refresh.errors.filter((e) => !message.test(e))).toEqual(["update failed"]);
    const [error] = refresh.errors.filter((e) => message.test(e));
    expect(error).not.toContain("\n");
    // The summary names it once, under the resource; no echo under the stack, no frames anywhere.
    const text = `${refresh.stdout}\n${refresh.stderr}`;
    const diagnostics = text.slice(text.indexOf("Diagnostics:"));
    expect(diagnostics.split("\n").filter((line) => message.test(line))).toHaveLength(1);
    expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(text).not.toContain("ChatwootApiError");
  });
});
