/**
 * `pulumi-chatwoot export`'s language, plugin and import-file flags: a wrong combination is a usage error
 * (exit 2) before any connection, and the help and the README say exactly what adopts an account
 * with `pulumi import`.
 */
import * as fs from "node:fs";
import { exportCommand } from "../../../sdk/cli/export";
import { IMPORT_COMMANDS } from "../../../sdk/clone/yaml-project";
import { userDoc } from "../../harness/user-docs";

/** Runs the command; resolves to its exit code and what it wrote on stdout and stderr. */
async function run(argv: string[]): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await exportCommand.run(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const BASE = ["--account-id", "1", "--out", "never-written"];
const TYPESCRIPT_IMPORT =
  "--import-file needs a program on the plugin (--language yaml, python or go, or typescript with --plugin): the TypeScript program of dynamic resources adopts the account's objects itself, with no import";

test.each([
  ["an import file for the TypeScript program", [...BASE, "--import-file", "import.json"], TYPESCRIPT_IMPORT],
  ["an import file for an explicit TypeScript program", [...BASE, "--language", "typescript", "--import-file", "import.json"], TYPESCRIPT_IMPORT],
  ["--plugin for a language that is on the plugin always", [...BASE, "--language", "yaml", "--plugin"], "--plugin is for --language typescript: the YAML, Python and Go programs are on the plugin always"],
  ["a language the export does not write", [...BASE, "--language", "java"], '--language must be one of typescript, yaml, python, go, not "java"'],
  ["an empty import file name", [...BASE, "--language", "yaml", "--import-file", " "], "--import-file needs a file name"],
])("%s is a usage error, before any connection", async (_, argv, message) => {
  const { code, stderr } = await run(argv);
  expect(code).toBe(2);
  expect(stderr).toContain(`pulumi-chatwoot export: ${message}\n`);
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
