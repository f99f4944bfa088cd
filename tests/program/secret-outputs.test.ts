/**
 * The AgentBot example's `export const triageToken = triage.accessToken` (docs/resources/agent-bot.md,
 * from the class's TSDoc), through the real `pulumi` CLI: a secret output the server generates is
 * kept (encrypted) in the checkpoint, so an unchanged run hands it to the program again, and
 * neither the checkpoint nor the output shows it in plain text.
 */
import { opsOf } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { useSdkProject } from "./support/sdk-project";

jest.setTimeout(90_000);

const program = (description: string) => `
import * as chatwoot from "pulumi-chatwoot";
const triage = new chatwoot.AgentBot("triage", { name: "Triage", description: ${JSON.stringify(description)}, outgoingUrl: "https://bots.example.com/triage" });
export const triageToken = triage.accessToken;
`;

realEngine.describe("a secret output through `pulumi`", () => {
  // Real servers never send a bot's access token through the Platform API; the documented shapes
  // include it in the answer to a PATCH.
  const stack = useSdkProject({ shapes: "documented" });

  test("an exported bot access token survives an unchanged run, and the checkpoint holds no token", async () => {
    const project = await stack.init(program("Routes new chats"));
    expectSuccess(await project.up());
    stack.program(program("Routes every chat"));
    const updated = await project.up();
    expectSuccess(updated);
    expect(opsOf(updated)).toEqual({ triage: "update" });
    const shown = async () => JSON.parse((await project.ok(["stack", "output", "triageToken", "--show-secrets", "--json"])).stdout) as unknown;
    const token = await shown();
    expect(stack.sandbox.control.secrets()).toContain(token);

    stack.sandbox.control.clearLog();
    const unchanged = await project.up("--expect-no-changes");
    expectSuccess(unchanged);
    expect(opsOf(unchanged)).toEqual({ triage: "same" });
    expect(stack.sandbox.control.log()).toEqual([]);
    expect(await shown()).toBe(token);
    expect(await project.outputs()).toEqual({ triageToken: "[secret]" });

    const exported = await project.exportText();
    for (const secret of stack.sandbox.control.secrets()) expect(exported).not.toContain(secret);
    const outputs = (await project.resources()).get("triage")?.outputs;
    expect(outputs?.accessToken).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
  });
});
