/**
 * `npm run demo -- --program DIR`: the user's own Pulumi program through the offline test runner
 * (tests/harness/offline-runner.ts), step by step (preview, up, refresh, destroy), against a sandbox
 * started for the run or a server given with `--url`, with a JSON state file. It says plainly that
 * it is a test runner: the production path is `pulumi up`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { defaultFixture } from "../../sdk/sandbox";
import { destroyStack, formatSummary, OfflineRunError, refreshStack, runProgram, type RunSummary } from "../harness/offline-runner";
import { build } from "./build";
import { embeddedSandbox, probeSandbox, type DemoSandbox } from "./demo-sandbox";
import { projectName, REPO_ROOT, type StackConfig } from "./examples";
import type { ProgramOptions, Step } from "./options";
import { say, setKnownSecrets } from "./output";
import { describeRequests } from "./requests";

const TOKEN_KEYS = ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"];

/** Where the program is and what runs it. */
interface Target {
  /** The sandbox, when the server is one (its log and tokens are read). */
  sandbox?: DemoSandbox;
  stack: StackConfig;
  /** Where the connection settings came from, for the header. */
  source: string;
  /** The sandbox was started for this run (it and its state end with it). */
  embedded: boolean;
}

export async function runOwnProgram(options: ProgramOptions): Promise<void> {
  const dir = options.program;
  if (!fs.existsSync(path.join(dir, "Pulumi.yaml"))) throw new Error(`${dir} is not a Pulumi project: it has no Pulumi.yaml`);
  const project = projectName(dir);
  say(`pulumi-chatwoot test runner: ${shown(dir)} (project ${project}, stack ${options.stack})`);
  say("  This is the project's offline test runner, for trying a program without a Pulumi CLI: it runs");
  say("  the program under Pulumi's Node.js runtime in this process, sends each of its pulumi-chatwoot");
  say("  resources through Pulumi's own dynamic-provider host, and keeps state in a JSON file, its secrets");
  say("  encrypted (key from PULUMI_CONFIG_PASSPHRASE, else a `<state file>.key` file made beside it). It is");
  say("  not Pulumi (no other providers, no backend): in production run the program with the Pulumi CLI,");
  say("  `pulumi preview` / `pulumi up` / `pulumi refresh` / `pulumi destroy`.");
  say();
  if (!options.skipBuild) build();

  const target = await connect(options);
  const temporary = target.embedded ? fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-program-")) : undefined;
  const statePath = options.state ?? (temporary ? path.join(temporary, `${options.stack}.json`) : path.join(REPO_ROOT, ".demo", project, `${options.stack}.json`));
  const refreshSecrets = async () => setKnownSecrets([...(await target.sandbox?.secrets()) ?? [], ...TOKEN_KEYS.map((k) => target.stack.config[k] ?? "")]);
  await refreshSecrets();
  const startedIn = process.cwd();
  try {
    say(`Server: ${target.stack.config["chatwoot:url"] ?? "(chatwoot:url not set)"} (${target.source})`);
    say(`State: ${temporary ? "a temporary file, removed with the sandbox at the end" : shown(statePath)}`);
    say();
    // Programs read files relative to their project directory (an AgentBot's avatar), as under `pulumi up`.
    process.chdir(dir);
    const stackOptions = { cwd: dir, config: target.stack.config, secretKeys: target.stack.secretKeys, statePath };
    const steps: Record<Step, () => Promise<RunSummary>> = {
      preview: () => runProgram({ ...stackOptions, program: programEntry(dir), project, stack: options.stack, preview: true }),
      up: () => runProgram({ ...stackOptions, program: programEntry(dir), project, stack: options.stack }),
      refresh: () => refreshStack(stackOptions),
      destroy: () => destroyStack(stackOptions),
    };
    for (const step of options.steps) {
      await target.sandbox?.clearLog();
      let summary: RunSummary;
      try {
        summary = await steps[step]();
      } catch (error) {
        if (!(error instanceof OfflineRunError)) throw error;
        await refreshSecrets();
        say(formatSummary(error.summary));
        throw new Error(`${step} failed:\n${error.errors.map((e) => `  - ${e.message}`).join("\n")}`);
      } finally {
        await refreshSecrets();
      }
      say(formatSummary(summary));
      if (target.sandbox) say(`Sandbox requests: ${describeRequests(await target.sandbox.log())}`);
      say();
    }
    if (target.embedded) {
      say("The sandbox started for this run stops now, and its objects with it. To keep a stack between");
      say("runs, start one with `npx pulumi-chatwoot sandbox` and pass its URL with --url.");
    }
  } finally {
    process.chdir(startedIn);
    await target.sandbox?.close();
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * The connection: a sandbox started here, or the server at `--url`. Tokens and the account come
 * from `CHATWOOT_*` environment variables, else (a sandbox) from its account 1 administrator and
 * first platform app; `--config` entries override both.
 */
async function connect(options: ProgramOptions): Promise<Target> {
  const env = {
    "chatwoot:apiAccessToken": process.env.CHATWOOT_API_ACCESS_TOKEN,
    "chatwoot:platformAccessToken": process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN,
    "chatwoot:accountId": process.env.CHATWOOT_ACCOUNT_ID,
  };
  let sandbox: DemoSandbox | undefined;
  let source: string;
  let fromServer: Record<string, string | undefined> = {};
  if (options.url === undefined) {
    sandbox = await embeddedSandbox(defaultFixture);
    source = "a sandbox started for this run; account 1 as its administrator";
  } else {
    const found = await probeSandbox(options.url);
    sandbox = found.sandbox;
    const fromEnv = Object.entries(env).filter(([, v]) => v).map(([k]) => k.slice("chatwoot:".length));
    const parts = [sandbox ? "a running sandbox" : "not a sandbox"];
    if (fromEnv.length > 0) parts.push(`${fromEnv.join(", ")} from CHATWOOT_* environment variables`);
    if (sandbox && fromEnv.length < 3) parts.push(`${fromEnv.length > 0 ? "the rest" : "tokens and account"} from the sandbox (account 1's administrator)`);
    if (!sandbox && fromEnv.length === 0) parts.push("no tokens: set CHATWOOT_API_ACCESS_TOKEN, CHATWOOT_PLATFORM_ACCESS_TOKEN and CHATWOOT_ACCOUNT_ID");
    source = parts.join("; ");
  }
  if (sandbox) {
    const account = sandbox.info.accounts.find((a) => a.id === 1) ?? sandbox.info.accounts[0];
    fromServer = { "chatwoot:apiAccessToken": account?.adminToken, "chatwoot:platformAccessToken": sandbox.info.platformTokens[0], "chatwoot:accountId": account ? String(account.id) : undefined };
  }
  const chosen = options.url === undefined ? fromServer : { ...fromServer, ...definedOnly(env) };
  const config = { ...definedOnly({ "chatwoot:url": sandbox?.url ?? options.url, ...chosen }), ...options.config };
  const secretKeys = TOKEN_KEYS.filter((key) => key in config);
  return { sandbox, stack: { config, secretKeys }, source, embedded: options.url === undefined };
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));
}

/** The entry as the Node.js language host finds it: Pulumi.yaml's `main`, package.json's `main`, else the directory (index.ts / index.js). */
function programEntry(dir: string): string {
  const main = /^main:\s*(\S+)\s*$/m.exec(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"))?.[1];
  if (main) return path.resolve(dir, main);
  const manifest = path.join(dir, "package.json");
  if (fs.existsSync(manifest)) {
    const pkgMain = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { main?: unknown }).main;
    if (typeof pkgMain === "string") return path.resolve(dir, pkgMain);
  }
  return dir;
}

/** A path relative to where the user is, when it is below it. */
function shown(file: string): string {
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
