/**
 * `pulumi-chatwoot fleet`'s command line: a wrong flag or combination is refused (exit 1: 2 is
 * `drift`'s "drifted") with the reason and the usage, before the fleet file is even read; the
 * help lists every command and option; `fleet schema` prints the JSON Schema the package ships,
 * which is the fleet file's zod schema's.
 */
import { fleetCommand } from "../../../sdk/cli/fleet";
import { runInProcess } from "../../harness/command-output";
import { fleetJsonSchemaText } from "../../../sdk/fleet/json-schema";

const run = (argv: string[]) => runInProcess(fleetCommand, argv);

// None of these files exists: a flag's error comes before the fleet file is read.
const FILE = ["--file", "no-such-fleet.yaml"];

test.each([
  ["an unknown command", ["apply", ...FILE], 'unknown fleet command "apply"; one of preview, up, refresh, destroy, drift, status, schema'],
  ["an unknown flag", ["up", "--colour", ...FILE], "Unknown option '--colour'"],
  ["a shard beyond the count", ["up", "--shard", "3/2", ...FILE], '--shard takes I/N with 1 <= I <= N (e.g. 1/2 for the first of two jobs), not "3/2"'],
  ["a concurrency of 0", ["up", "--concurrency", "0", ...FILE], '--concurrency takes a whole number from 1, not "0"'],
  ["a canary for a drift check", ["drift", "--canary", "1", ...FILE], "--canary goes with up"],
  ["--all beside up", ["up", "--all", ...FILE], "--all goes with destroy"],
  ["a destroy that names no member", ["destroy", ...FILE], "destroy removes the members' objects from their accounts: name them with --only NAMES, or give --all for every member"],
])("%s is refused before the fleet file is read", async (_, argv, message) => {
  const { code, stderr } = await run(argv);
  expect(code).toBe(1);
  expect(stderr).toContain(`pulumi-chatwoot fleet: ${message}\n`);
  expect(stderr).toContain("usage: pulumi-chatwoot fleet <command>");
  expect(stderr).not.toContain("no-such-fleet.yaml");
});

test("a fleet file that does not exist is named", async () => {
  const { code, stderr } = await run(["status", ...FILE]);
  expect(code).toBe(1);
  expect(stderr).toBe("pulumi-chatwoot fleet: no-such-fleet.yaml: no such fleet file\n");
});

test("the help lists every command and option", async () => {
  const { code, stdout } = await run(["--help"]);
  expect(code).toBe(0);
  for (const command of ["preview", "up", "refresh", "drift", "destroy", "status", "schema"]) expect(stdout).toMatch(new RegExp(`^ {2}${command} `, "m"));
  for (const flag of ["--file", "--only", "--exclude", "--concurrency", "--shard", "--canary", "--fail-fast", "--all", "--json", "--summary", "--help"]) expect(stdout).toContain(flag);
});

test("schema prints the JSON Schema made from the fleet file's zod schema", async () => {
  const { code, stdout } = await run(["schema"]);
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual(JSON.parse(fleetJsonSchemaText()));
});
