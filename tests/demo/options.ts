/**
 * The demo's command line: `--help`, the example mode (the default) and the own-program mode
 * (`--program DIR`). A wrong flag, value or combination is a {@link UsageError}: main prints it with
 * the usage and exits 2.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { DEMO_FLOWS, EXAMPLE_NAMES } from "./examples";

export const DEMO_USAGE = `usage: npm run demo -- [options]

Without --program: builds the package, starts the sandbox (an in-memory Chatwoot-compatible
server) and runs an example twice, checking that the second run changes nothing and sends no write.
With --program: runs your own Pulumi program through the project's offline test runner.

Examples:
  --example NAME      ${EXAMPLE_NAMES.join(", ")} (default quickstart); or clone:
                      export a sandbox account, apply the project to another account, compare
                      them (its own sandbox and the offline runner; no --sandbox)
  --sandbox URL       use a sandbox that is already running (npx pulumi-chatwoot sandbox) instead
                      of starting one; it is reset to its seed first (POST /__sandbox/reset),
                      because each demo starts from an empty stack
  --no-reset          with --sandbox: leave it as it is (objects of an earlier run then collide: 422)
  --offline           use the offline runner even when a \`pulumi\` CLI is on the PATH

Your own program (a test runner, not Pulumi: in production use \`pulumi up\`):
  --program DIR       a Pulumi project directory (Pulumi.yaml, then index.ts or index.js)
  --step STEPS        preview, up, refresh or destroy; several separated by commas, run in
                      order (default up)
  --url URL           a Chatwoot server or a running sandbox; tokens and account from
                      CHATWOOT_API_ACCESS_TOKEN, CHATWOOT_PLATFORM_ACCESS_TOKEN and
                      CHATWOOT_ACCOUNT_ID, else (a sandbox) its account 1 administrator's.
                      Default: a sandbox started for this run only
  --sandbox URL       the same as --url
  --stack NAME        stack name (default dev)
  --state FILE        the runner's state file (default .demo/<project>/<stack>.json; with the
                      sandbox started for this run, a temporary file)
  --config KEY=VALUE  stack config, repeatable, like \`pulumi config set KEY VALUE\` (a bare key
                      belongs to the project); values are JSON for requireObject

Both:
  --skip-build        reuse the last \`npm run build\`
  -h, --help          this text`;

/** A wrong flag, value or combination of flags. */
export class UsageError extends Error {
  override name = "UsageError";
}

const Step = z.enum(["preview", "up", "refresh", "destroy"], { error: "one of preview, up, refresh, destroy" });
export type Step = z.infer<typeof Step>;

/** Runs of an example against a sandbox (the default mode). */
export interface ExampleOptions {
  mode: "example";
  example: (typeof EXAMPLE_NAMES)[number] | (typeof DEMO_FLOWS)[number];
  /** A running sandbox instead of the embedded one. */
  sandbox?: string;
  /** Reset the running sandbox before the first run. */
  reset: boolean;
  offline: boolean;
  skipBuild: boolean;
}

/** Steps of the user's own program through the offline runner. */
export interface ProgramOptions {
  mode: "program";
  /** The program's directory, absolute. */
  program: string;
  steps: Step[];
  /** A server (or running sandbox) instead of the embedded sandbox. */
  url?: string;
  stack: string;
  /** Absolute path of the state file, when given. */
  state?: string;
  /** `key` → value, as given. */
  config: Record<string, string>;
  skipBuild: boolean;
}

export type DemoOptions = ExampleOptions | ProgramOptions | { mode: "help" };

/** Every flag the demo takes (each one is described in {@link DEMO_USAGE}). */
export const DEMO_FLAGS = {
  help: { type: "boolean", short: "h" },
  "skip-build": { type: "boolean" },
  example: { type: "string" },
  sandbox: { type: "string" },
  "no-reset": { type: "boolean" },
  offline: { type: "boolean" },
  program: { type: "string" },
  step: { type: "string" },
  url: { type: "string" },
  stack: { type: "string" },
  state: { type: "string" },
  config: { type: "string", multiple: true },
} as const;

const EXAMPLE_ONLY = ["example", "no-reset", "offline"] as const;
const PROGRAM_ONLY = ["step", "url", "stack", "state", "config"] as const;

const StackName = z.string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, '_', '.' and '-' only");
const ConfigEntry = z.string().regex(/^[^=\s]+=/, "KEY=VALUE");
const Url = z.url({ protocol: /^https?$/ });

/**
 * Reads the demo's flags. Relative paths are taken from where the user ran npm (`INIT_CWD`), not
 * from the repository root where npm runs the script.
 * @throws {UsageError} for anything that cannot run.
 */
export function readDemoOptions(argv: string[], cwd = process.env.INIT_CWD ?? process.cwd()): DemoOptions {
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
  const given = (names: readonly (keyof typeof values)[]) => names.filter((name) => values[name] !== undefined).map((name) => `--${name}`);

  if (values.program === undefined) {
    const misplaced = given(PROGRAM_ONLY);
    if (misplaced.length > 0) throw new UsageError(`${misplaced.join(", ")} ${misplaced.length === 1 ? "goes" : "go"} only with --program DIR`);
    const names = [...EXAMPLE_NAMES, ...DEMO_FLOWS];
    const example = parse(z.enum(names, { error: `unknown example; one of ${names.join(", ")}` }), values.example ?? "quickstart", "--example");
    const sandbox = values.sandbox === undefined ? undefined : parse(Url, values.sandbox, "--sandbox");
    // The clone flow needs its own seed (two accounts to copy between): a running sandbox has another.
    if (example === "clone" && sandbox !== undefined) throw new UsageError("--example clone starts its own sandbox: leave out --sandbox");
    if (values["no-reset"] && sandbox === undefined) throw new UsageError("--no-reset only goes with --sandbox URL");
    return { mode: "example", example, sandbox, reset: !values["no-reset"], offline: values.offline ?? false, skipBuild };
  }

  const misplaced = given(EXAMPLE_ONLY);
  if (misplaced.length > 0) throw new UsageError(`${misplaced.join(", ")} ${misplaced.length === 1 ? "does" : "do"} not go with --program (the offline test runner runs it)`);
  if (values.url !== undefined && values.sandbox !== undefined) throw new UsageError("give --url or --sandbox, not both");
  const target = values.url ?? values.sandbox;
  const url = target === undefined ? undefined : parse(Url, target, values.url === undefined ? "--sandbox" : "--url");
  if (url === undefined && values.state !== undefined) {
    throw new UsageError("--state needs --url: the sandbox started for this run is gone afterwards, so a state file kept from it would describe nothing");
  }
  const steps = (values.step ?? "up").split(",").map((step, i) => parse(Step, step.trim(), `--step (item ${i + 1})`));
  const config: Record<string, string> = {};
  for (const entry of values.config ?? []) {
    const text = parse(ConfigEntry, entry, "--config");
    const at = text.indexOf("=");
    config[text.slice(0, at)] = text.slice(at + 1);
  }
  return {
    mode: "program",
    program: path.resolve(cwd, values.program),
    steps,
    url,
    stack: parse(StackName, values.stack ?? "dev", "--stack"),
    state: values.state === undefined ? undefined : path.resolve(cwd, values.state),
    config,
    skipBuild,
  };
}

function parse<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const shown = typeof value === "string" ? `"${value}"` : String(value);
  throw new UsageError(`${flag} ${shown}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
}
