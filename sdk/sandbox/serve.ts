/**
 * The sandbox as a process, shared by `npm run sandbox` (./main.ts) and `pulumi-chatwoot sandbox`
 * (../cli/sandbox.ts): flags, the one JSON ready line on stdout, notes on stderr (never a token),
 * and a clean stop on SIGINT and SIGTERM (exit 0).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { startSandbox } from "./index";
import { Edition, ShapeMode } from "./options";

const FLAGS = "[--port N] [--host H] [--shapes chatwoot|documented] [--edition enterprise|community] [--rate-limit N] [--fixture FILE]";

/** The usage text of the command, named as the user invoked it (`sandbox`, `pulumi-chatwoot sandbox`). */
export function sandboxUsage(command: string): string {
  return [
    `usage: ${command} ${FLAGS}`,
    "",
    "Starts an in-memory Chatwoot-compatible server and prints one JSON line on stdout when it is ready:",
    "its URL, the platform-app tokens, and per account the administrator's and an agent's token, user and",
    "inbox ids. Stop it with Ctrl-C (SIGINT) or SIGTERM.",
    "",
    "  --port N             port to listen on; 0 (default) picks a free one",
    "  --host H             interface to listen on (default 127.0.0.1)",
    "  --shapes MODE        chatwoot (default: what real servers send) or documented (the API docs' shapes)",
    "  --edition E          enterprise (default: SLA policies and custom roles, in accounts whose features",
    "                       allow them) or community (their routes answer 404, as without enterprise/)",
    "  --rate-limit N       requests per minute per client, answered with 429 like rack-attack (default: off)",
    "  --fixture FILE       seed data as JSON (default: the built-in seed)",
    "  -h, --help           this text",
    "",
    "Test controls are under /__sandbox/ (info, log, reset, faults, shapes, rate-limit, clock, state,",
    "secrets, inbox-deletion-lag, edition, accounts/ID/features).",
  ].join("\n");
}

const Flags = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(0),
  host: z.string().min(1).default("127.0.0.1"),
  shapes: ShapeMode.default("chatwoot"),
  edition: Edition.default("enterprise"),
  /** Requests per minute per client. */
  "rate-limit": z.coerce.number().int().positive().optional(),
  fixture: z.string().min(1).optional(),
  help: z.boolean().default(false),
});
type Flags = z.output<typeof Flags>;

function readFlags(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      shapes: { type: "string" },
      edition: { type: "string" },
      "rate-limit": { type: "string" },
      fixture: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  return Flags.parse(values);
}

/**
 * Runs the sandbox command with the arguments after the command name. Resolves to an exit code when
 * it is done at once (help: 0, bad flags: 2, a start-up failure: 1), or to undefined once the
 * server is listening: the process then runs until a signal stops it.
 */
export async function serveSandbox(argv: string[], command: string): Promise<number | undefined> {
  let flags: Flags;
  try {
    flags = readFlags(argv);
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    process.stderr.write(`${command}: ${message}\n${sandboxUsage(command)}\n`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(`${sandboxUsage(command)}\n`);
    return 0;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({ port: flags.port, host: flags.host, shapes: flags.shapes, edition: flags.edition, fixture: flags.fixture, rateLimit: flags["rate-limit"] });
  } catch (error) {
    // Start-up failures (bad fixture, port in use): the message names the problem, never a token.
    process.stderr.write(`${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(sandbox.info)}\n`);
  const limit = flags["rate-limit"] === undefined ? "off" : `${flags["rate-limit"]}/min per client`;
  process.stderr.write(`${command}: listening on ${sandbox.url} (shapes ${flags.shapes}, ${flags.edition} edition, rate limit ${limit})\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${command}: ${signal}, stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return undefined;
}
