/**
 * The errors the package raises in the program process are RunErrors Pulumi prints by message
 * alone, and that Node.js 20's `util.inspect` (which Pulumi also runs on every unhandled error)
 * prints at once: without the stack frame of an Output's `apply` (`node_modules/@pulumi/output.ts`,
 * source-mapped), which makes its coloured form loop until it runs out of memory.
 */
import * as util from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { ChatwootApiError } from "../../../provider/http/transport/errors";
import { programError } from "../../../sdk/program-error";

/** An error thrown inside an Output's apply, as the data sources' Output forms run the lookups. */
function thrownInApply<E extends Error>(err: E): E {
  err.stack = `${err.name}: ${err.message}\n    at getAgents (/p/node_modules/pulumi-chatwoot/dist/provider/readers/agents.js:34:21)\n    at async applyHelperAsync (/p/node_modules/@pulumi/output.ts:516:25)`;
  return err;
}

const refused = () =>
  thrownInApply(
    new ChatwootApiError({ kind: "http", method: "GET", path: "/api/v1/accounts/1/agents", status: 401, serverMessage: "Invalid Access Token", hint: "check chatwoot:apiAccessToken", writeOutcome: "not-applied" }),
  );

test("is a RunError named after what failed, with the failure's one-line message", () => {
  const err = programError("getAgents", refused());
  expect(pulumi.RunError.isInstance(err)).toBe(true);
  expect(err.message).toBe("getAgents: GET /api/v1/accounts/1/agents: 401 Invalid Access Token; check chatwoot:apiAccessToken");
  // A reader's own message already names it.
  expect(programError("getAgents", new Error("getAgents: invalid arguments: email: required")).message).toBe("getAgents: invalid arguments: email: required");
  // A bug is named by its class.
  expect(programError("getAgents", new TypeError("x is not a function")).message).toBe("getAgents: TypeError: x is not a function");
});

test("carries no stack frame and no cause, so that Pulumi's coloured util.inspect of it ends at once", () => {
  const err = programError("getAgents", refused());
  expect(err.stack).toBe(`Error: ${err.message}`);
  expect(err.cause).toBeUndefined();
  const shown = util.inspect(err, { colors: true });
  expect(shown).not.toContain("node_modules");
});
