/**
 * `pulumi-chatwoot export`'s language, plugin and import-file flags: a wrong combination is a usage error
 * (exit 2) before any connection, and the help and the README say exactly what adopts an account
 * with `pulumi import`.
 */
import * as fs from "node:fs";
import { exportCommand } from "../../../sdk/cli/export";
import { runInProcess } from "../../harness/command-output";
import { IMPORT_COMMANDS } from "../../../sdk/clone/yaml-project";
import { userDoc } from "../../harness/user-docs";

const run = (argv: string[]) => runInProcess(exportCommand, argv);

const BASE = ["--account-id", "1", "--out", "never-written"];
const TYPESCRIPT_IMPORT =
  "--import-file needs a program on the plugin (--language yaml, python or go, or typescript with --plugin): the TypeScript program of dynamic resources adopts the account's objects itself, with no import";

test.each([
  ["an import file for the TypeScript program", [...BASE, "--import-file", "import.json"], TYPESCRIPT_IMPORT],
  ["an import file for an explicit TypeScript program", [...BASE, "--language", "typescript", "--import-file", "import.json"], TYPESCRIPT_IMPORT],
  ["--plugin for a language that is on the plugin always", [...BASE, "--language", "yaml", "--plugin"], "--plugin is for --language typescript: the YAML, Python and Go programs are on the plugin always"],
  ["a language the export does not write", [...BASE, "--language", "java"], '--language must be one of typescript, yaml, python, go, not "java"'],
  ["an empty import file name", [...BASE, "--language", "yaml", "--import-file", " "], "--import-file needs a file name"],
  [
    "an import file for a template",
    [...BASE, "--template", "--language", "yaml", "--import-file", "import.json"],
    "--import-file adopts the exported account's objects by their ids: a template (--template) is created in each account instead",
  ],
  ["people in a template", [...BASE, "--template", "--include", "labels,agents,team-members"], "--template leaves out the people: --include cannot name agents, team-members"],
  ["kinds both included and excluded", [...BASE, "--include", "labels", "--exclude", "teams"], "give --include or --exclude TYPES, not both (--exclude KIND:PATTERN goes with either)"],
  ["an object pattern of an unknown kind", [...BASE, "--exclude", "mailbox:Acme *"], '--exclude: unknown kind "mailbox" in "mailbox:Acme *"; one of custom-roles'],
  ["an object pattern without a pattern", [...BASE, "--exclude", "inbox:"], '--exclude: "inbox:" names no objects'],
  ["an object pattern of a kind not covered", [...BASE, "--include", "labels", "--exclude", "inbox:Acme *"], "--exclude 'inbox:Acme *': inboxes are not covered anyway"],
])("%s is a usage error, before any connection", async (_, argv, message) => {
  const { code, stderr } = await run(argv);
  expect(code).toBe(2);
  expect(stderr).toContain(`pulumi-chatwoot export: ${message}`);
  expect(stderr).toContain("usage: pulumi-chatwoot export");
  expect(fs.existsSync("never-written")).toBe(false);
});

test("the help names the flags and the commands that adopt the account; the cloning guide runs the same ones", async () => {
  const { code, stdout } = await run(["--help"]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^ {2}--language LANG {7}typescript \(default\), yaml, python or go$/m);
  expect(stdout).toMatch(/^ {2}--import-file FILE/m);
  expect(stdout).toMatch(/^ {2}--plugin {14}TypeScript: /m);
  for (const command of IMPORT_COMMANDS) expect(stdout).toContain(`\n  ${command}\n`);
  const guide = userDoc("docs/guides/cloning.md");
  for (const command of IMPORT_COMMANDS) expect(guide).toContain(`\n${command}`);
});

test("the help describes --template and --exclude KIND:PATTERN, and diff takes them too", async () => {
  const { stdout } = await run(["--help"]);
  expect(stdout).toMatch(/^ {2}--exclude KIND:PATTERN\n {24}leave out the objects of a kind whose name/m);
  expect(stdout).toMatch(/^ {2}--template {12}a fleet template: without the people/m);
  const { diffCommand } = await import("../../../sdk/cli/diff");
  let help = "";
  const out = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => ((help += String(chunk)), true));
  try {
    expect(await diffCommand.run(["--help"])).toBe(0);
  } finally {
    out.mockRestore();
  }
  expect(help).toMatch(/^ {2}--exclude KIND:PATTERN {3}leave out the objects/m);
  expect(help).toMatch(/^ {2}--template {15}a fleet template/m);
});
