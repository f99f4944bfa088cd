/**
 * A token rotated after `pulumi up`, through the real `pulumi` CLI, step by step in one stack (the
 * tests run in order). Without the program, `pulumi refresh` and `pulumi destroy` configure the
 * provider with the stack config saved with Pulumi's default provider at the last `up` (or run with
 * `--run-program`), encrypted in the state; the environment is always the command's own. So: a
 * token rotated in the stack config reaches refresh and destroy after an `up` (which changes no
 * resource and sends no write) or with `--run-program`, and until then the refused token's message
 * says so; a token rotated in the environment (`CHATWOOT_API_ACCESS_TOKEN`, a CI secret) wins over
 * the saved one at once.
 */
import { writesIn } from "../demo/requests";
import { opsOf, type Operation } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(120_000);

const PROGRAM = `
import * as chatwoot from "pulumi-chatwoot";
export const id = new chatwoot.Label("vip", { title: "vip", color: "#7c3aed" }).id;
`;

const SAVED_TOKEN_REFUSED = new RegExp(
  "^(GET|DELETE) \\S+: 401 Invalid Access Token; the server does not know this token; check chatwoot:apiAccessToken " +
    "\\(refresh and destroy use its value saved by the last up, unless run with --run-program; environment variable CHATWOOT_API_ACCESS_TOKEN wins over it\\)$",
);

realEngine.describe("a rotated token through `pulumi`", () => {
  const stack = useSdkProject();
  /** The user whose token the stack holds: account 1's administrator. */
  let admin = 0;
  let logStart = 0;
  const requests = () => stack.sandbox.control.log().slice(logStart);
  const step = () => (logStart = stack.sandbox.control.log().length);
  /** A new token for the administrator; the one before is refused from now on. */
  const rotate = () => stack.sandbox.control.rotateUserToken(admin) as string;
  const labels = () => stack.sandbox.control.snapshot().labels.filter((l) => l.title === "vip");
  const expectFailure = (op: Operation, message: RegExp) => {
    expect(op.code).not.toBe(0);
    expect(op.errors).toContainEqual(expect.stringMatching(message));
    for (const token of stack.sandbox.control.secrets()) expect(`${op.stdout}${op.stderr}`).not.toContain(token);
  };

  beforeAll(() => {
    const { adminToken, userIds } = stack.sandbox.info.accounts[0];
    admin = userIds.find((id) => stack.sandbox.control.userToken(id) === adminToken) as number;
  });

  test("up with the first token; the state keeps the stack's config, the token encrypted, with Pulumi's default provider", async () => {
    const project = await stack.init(PROGRAM);
    expectSuccess(await project.up());
    expect(labels()).toHaveLength(1);
    type Exported = { deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] } };
    const exported = await project.exportText();
    const provider = (JSON.parse(exported) as Exported).deployment.resources.find((r) => r.type === "pulumi:providers:pulumi-nodejs");
    expect(provider?.inputs?.["chatwoot:apiAccessToken"]).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
    for (const token of stack.sandbox.control.secrets()) expect(exported).not.toContain(token);
  });

  test("a token rotated in the stack config: refresh without the program sends the saved one, and the refusal says what refresh uses", async () => {
    await stack.project.setConfig({ config: { "chatwoot:apiAccessToken": rotate() }, secretKeys: ["chatwoot:apiAccessToken"] });
    step();
    expectFailure(await stack.project.refresh(), SAVED_TOKEN_REFUSED);
    expect(requests().map((r) => r.status)).toEqual([401]);
  });

  test("refresh --run-program takes the stack config's token, and saves it for the refreshes after it", async () => {
    step();
    expectSuccess(await stack.project.refresh("--run-program"));
    expectSuccess(await stack.project.refresh());
    expect(requests().length).toBeGreaterThan(0);
    expect(requests().filter((r) => r.status !== 200)).toEqual([]);
  });

  test("a token rotated in the environment wins over the saved one, in refresh and preview", async () => {
    // The stack config still holds the token before, refused from now on.
    const rotated = rotate();
    step();
    const env = { CHATWOOT_API_ACCESS_TOKEN: rotated };
    expectSuccess(await stack.project.operation(["refresh", "--yes", "--skip-preview"], { env }));
    expectSuccess(await stack.project.operation(["preview", "--expect-no-changes"], { env }));
    expect(requests().length).toBeGreaterThan(0);
    expect(requests().filter((r) => r.status !== 200)).toEqual([]);
  });

  test("a token rotated in the stack config again: destroy sends the saved one until an up, which changes no resource and writes nothing, saves the new one", async () => {
    await stack.project.setConfig({ config: { "chatwoot:apiAccessToken": rotate() }, secretKeys: ["chatwoot:apiAccessToken"] });
    expectFailure(await stack.project.destroy(), SAVED_TOKEN_REFUSED);
    expect(labels()).toHaveLength(1);
    step();
    const up = await stack.project.up();
    expectSuccess(up);
    expect(opsOf(up)).toEqual({ vip: "same" });
    expect(writesIn(requests())).toEqual([]);
    step();
    expectSuccess(await stack.project.refresh());
    expect(requests().filter((r) => r.status !== 200)).toEqual([]);
  });

  test("destroy --run-program takes the stack config's token", async () => {
    await stack.project.setConfig({ config: { "chatwoot:apiAccessToken": rotate() }, secretKeys: ["chatwoot:apiAccessToken"] });
    expectSuccess(await stack.project.destroy("--run-program"));
    expect(labels()).toEqual([]);
  });
});
