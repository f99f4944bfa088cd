/**
 * A subcommand of `pulumi-chatwoot` run in this process, as its `main` would run it: its exit code
 * and what it wrote on stdout and stderr (captured, not printed).
 */
import type { Command } from "../../sdk/cli/command";

export async function runInProcess(command: Command, argv: string[]): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await command.run(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
