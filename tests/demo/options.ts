/**
 * The demo's command line: `--help`, or which example to run against which sandbox. A wrong flag,
 * value or combination is a {@link UsageError}: main prints it with the usage and exits 2.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { DEMO_FLOWS, EXAMPLE_NAMES } from "./examples";

export const DEMO_USAGE = `usage: npm run demo -- [options]

Builds the package, sets up the Pulumi CLI (npm run setup:pulumi: an installed \`pulumi\` is linked,
otherwise one is built from the Go module proxy), starts the sandbox (an in-memory
Chatwoot-compatible server) and runs an example twice with \`pulumi up\`, checking that the second
run changes nothing and sends no write.

  --example NAME      ${EXAMPLE_NAMES.join(", ")} (default quickstart); or clone:
                      export a sandbox account, apply the project to another account, compare
                      them (its own sandbox; no --sandbox); or fleet: examples/fleet's three
                      customers on two installations (two sandboxes of its own; no --sandbox)
  --sandbox URL       use a sandbox that is already running (npx pulumi-chatwoot sandbox) instead
                      of starting one; it is reset to its seed first (POST /__sandbox/reset),
                      because each demo starts from an empty stack
  --no-reset          with --sandbox: leave it as it is (objects of an earlier run then collide: 422)
  --skip-build        reuse the last \`npm run build\`
  -h, --help          this text`;

/** A wrong flag, value or combination of flags. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Runs of an example against a sandbox (the default mode). */
export interface ExampleOptions {
  mode: "example";
  example: (typeof EXAMPLE_NAMES)[number] | (typeof DEMO_FLOWS)[number];
  /** A running sandbox instead of the embedded one. */
  sandbox?: string;
  /** Reset the running sandbox before the first run. */
  reset: boolean;
  skipBuild: boolean;
}

export type DemoOptions = ExampleOptions | { mode: "help" };

/** Every flag the demo takes (each one is described in {@link DEMO_USAGE}). */
export const DEMO_FLAGS = {
  help: { type: "boolean", short: "h" },
  "skip-build": { type: "boolean" },
  example: { type: "string" },
  sandbox: { type: "string" },
  "no-reset": { type: "boolean" },
} as const;

const Url = z.url({ protocol: /^https?$/ });

/**
 * Reads the demo's flags.
 * @throws {UsageError} for anything that cannot run.
 */
export function readDemoOptions(argv: string[]): DemoOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: DEMO_FLAGS,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { mode: "help" };
  const skipBuild = values["skip-build"] ?? false;
  const names = [...EXAMPLE_NAMES, ...DEMO_FLOWS];
  const example = parse(z.enum(names, { error: `unknown example; one of ${names.join(", ")}` }), values.example ?? "quickstart", "--example");
  const sandbox = values.sandbox === undefined ? undefined : parse(Url, values.sandbox, "--sandbox");
  // The clone flow needs its own seed (two accounts to copy between): a running sandbox has another.
  if ((example === "clone" || example === "fleet") && sandbox !== undefined) throw new UsageError(`--example ${example} starts its own sandboxes: leave out --sandbox`);
  if (values["no-reset"] && sandbox === undefined) throw new UsageError("--no-reset only goes with --sandbox URL");
  return { mode: "example", example, sandbox, reset: !values["no-reset"], skipBuild };
}

function parse<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const shown = typeof value === "string" ? `"${value}"` : String(value);
  throw new UsageError(`${flag} ${shown}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
}
