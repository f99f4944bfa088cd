/**
 * The README's `export const triageToken = triage.accessToken`: a secret output the server
 * generates is kept (encrypted) in the runner's state, so an unchanged run hands it to the program
 * again, and the state file never holds it in plaintext.
 */
import * as fs from "node:fs";
import { loadState } from "../harness/state";
import { StateSecrets, type SealedValue } from "../harness/state-secrets";
import { chatwoot, useSdkStack } from "./support/sdk-stack";

// Real servers never send a bot's access token through the Platform API; the documented shapes
// include it in the answer to a PATCH.
const stack = useSdkStack({ shapes: "documented" });

test("an exported bot access token survives an unchanged run, and the state holds no token", async () => {
  const seen: (string | null)[] = [];
  const program = (description: string) => () => {
    const triage = new chatwoot.AgentBot("triage", { name: "Triage", description, outgoingUrl: "https://bots.example.com/triage" });
    triage.accessToken.apply((token) => seen.push(token));
    return { triageToken: triage.accessToken };
  };
  await stack.up(program("Routes new chats"));
  const updated = await stack.up(program("Routes every chat"));
  expect(updated.resources.map((r) => [r.name, r.op])).toEqual([["triage", "update"]]);
  stack.sandbox.control.clearLog();
  const unchanged = await stack.up(program("Routes every chat"));
  expect(unchanged.resources.map((r) => [r.name, r.op])).toEqual([["triage", "same"]]);
  expect(stack.sandbox.control.log()).toEqual([]);

  const token = stack.sandbox.control.secrets().find((secret) => seen.includes(secret));
  expect(token).toEqual(expect.any(String));
  expect(seen).toEqual([null, token, token]);
  expect(unchanged.outputs).toEqual({ triageToken: "[secret]" });

  const text = fs.readFileSync(stack.statePath, "utf8");
  for (const secret of stack.sandbox.control.secrets()) expect(text).not.toContain(secret);
  const state = loadState(stack.statePath);
  const secrets = StateSecrets.forState(stack.statePath, state!.secrets, undefined);
  expect(secrets.open(state?.outputs.triageToken as SealedValue)).toBe(token);
});
