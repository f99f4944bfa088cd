/**
 * A refresh that fails, through the real `pulumi` CLI, as a drift job meets it: the server answers
 * 500 to the read, or the stack's token is one the server does not know. The error is said once,
 * in one line, on the resource; before, Pulumi's dynamic-provider host also printed it to its
 * stderr, which the engine shows on the stack: the message twice, then stack frames of the
 * provider's code. And a `refresh --run-program` whose `pulumi` is killed (a CI job's timeout)
 * leaves none of the processes it started running: the language host, the program and the
 * dynamic-provider plugin end with their engine.
 */
import { commandLine, descendants, ended, running, signalEach } from "../harness/process-tree";
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

  test("a `refresh --run-program` whose `pulumi` is killed leaves no process it started running", async () => {
    // Each read waits at the server, so the run is under way when it is killed (as soon as the
    // plugins run: one may still be starting, which an engine killed then must end too).
    stack.sandbox.control.inject({ method: "GET", path: "/api/v1/accounts/:account/labels/:id", kind: "delay", delayMs: 30_000, times: 5 });
    let pid = 0;
    const run = stack.project.cli(["refresh", "--yes", "--skip-preview", "--run-program", "--non-interactive"], { onSpawn: (p) => (pid = p) });
    const parts = ["tests/pulumi-cli/language-host.js", "@pulumi/pulumi/cmd/run", "tests/pulumi-cli/dynamic-provider.js"];
    let tree: number[] = [];
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
      tree = descendants(pid);
      const commands = tree.map(commandLine);
      if (parts.every((part) => commands.some((c) => c.includes(part)))) break;
    }
    try {
      expect(tree.map(commandLine).filter((c) => parts.some((part) => c.includes(part)))).toHaveLength(parts.length);
      process.kill(pid, "SIGKILL");
      await run;
      await ended(tree, 10_000);
      expect(tree.filter(running).map(commandLine)).toEqual([]);
    } finally {
      signalEach(tree, "SIGKILL");
    }
  });
});
