/**
 * The sandbox as a process:
 *   npm run sandbox -- [--port N] [--host H] [--shapes chatwoot|documented] [--rate-limit N] [--fixture FILE]
 * When ready it prints exactly one JSON line (the SandboxInfo) on stdout and nothing else there;
 * notes go to stderr and never carry a token. SIGINT and SIGTERM stop it cleanly (exit 0).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { startSandbox } from "./index";
import { ShapeMode } from "./options";

const USAGE = "usage: sandbox [--port N] [--host H] [--shapes chatwoot|documented] [--rate-limit N] [--fixture FILE]";

const Flags = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(0),
  host: z.string().min(1).default("127.0.0.1"),
  shapes: ShapeMode.default("chatwoot"),
  /** Requests per minute per client. */
  "rate-limit": z.coerce.number().int().positive().optional(),
  fixture: z.string().min(1).optional(),
});

function readFlags(argv: string[]): z.output<typeof Flags> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      shapes: { type: "string" },
      "rate-limit": { type: "string" },
      fixture: { type: "string" },
    },
  });
  return Flags.parse(values);
}

async function main(): Promise<void> {
  let flags: z.output<typeof Flags>;
  try {
    flags = readFlags(process.argv.slice(2));
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const sandbox = await startSandbox({
    port: flags.port,
    host: flags.host,
    shapes: flags.shapes,
    fixture: flags.fixture,
    rateLimit: flags["rate-limit"],
  });
  process.stdout.write(`${JSON.stringify(sandbox.info)}\n`);
  const limit = flags["rate-limit"] === undefined ? "off" : `${flags["rate-limit"]}/min per client`;
  process.stderr.write(`sandbox: listening on ${sandbox.url} (shapes ${flags.shapes}, rate limit ${limit})\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  // Start-up failures (bad fixture, port in use): the message names the problem, never a token.
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
