/**
 * `pulumi-chatwoot export`: reads an account and writes a Pulumi TypeScript project declaring it
 * (../clone). Progress and warnings go to stderr, a summary at the end. Every file is built in
 * memory first: a failure to read the account writes nothing. Exit codes: 0 done, 1 the server or
 * the connection failed, 2 a wrong flag.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildModel } from "../clone/model";
import { packOwnPackage, PackError } from "../clone/own-package";
import { describeCounts, projectFiles } from "../clone/project";
import { TYPE_OPTIONS } from "../clone/resource-types";
import { clientFor, CLONE_OPTIONS, cloneFlags, readOptions, readWithProgress, reportFailure, SOURCE_NAMES, typesFrom, UsageError } from "./clone-options";
import type { Command } from "./command";

const NAME = "pulumi-chatwoot export";

export const EXPORT_USAGE = `usage: ${NAME} --account-id N --out DIR [--url URL] [--include TYPES | --exclude TYPES] [--platform]
       [--package SPEC]

Reads a Chatwoot account and writes a Pulumi TypeScript project that declares its configuration
with pulumi-chatwoot's resources (Pulumi.yaml, package.json, tsconfig.json, index.ts, README.md,
and the package itself as pulumi-chatwoot-<version>.tgz, which package.json names, so that
\`npm install\` there installs it while it is not on the npm registry).
Objects refer to each other by reference and people are agents by e-mail address, so the
program applies to any account; run against the account it came from, it adopts every object and
sends no write. Secrets (bot, website and HMAC tokens, webhook secrets) are never exported. An unchanged
account exports byte-identical files.

  --account-id N     the account to export
  --out DIR          where to write the project (created if needed; its files are replaced)
  --url URL          the Chatwoot server (default: CHATWOOT_URL)
  --include TYPES    only these kinds, comma-separated
  --exclude TYPES    every kind but these
                     kinds: ${TYPE_OPTIONS.join(", ")}
  --platform         export the agent bots a Platform App made as Platform bots (needs
                     CHATWOOT_PLATFORM_ACCESS_TOKEN); the others are the account's bots
  --package SPEC     what package.json gives for pulumi-chatwoot instead of the tarball (none
                     is written then): a version range once the package is on the npm
                     registry (^0.1.0), or a spec npm installs (file:../pulumi-chatwoot-0.1.0.tgz)
  -h, --help         this text

The token is read from CHATWOOT_API_ACCESS_TOKEN (an administrator's access token); the other
connection settings from the provider's environment variables, among them the server's rate limit
(CHATWOOT_RATE_LIMIT_PER_MINUTE, its RACK_ATTACK_LIMIT: unset, it is learned from the first 429).
Exit codes: 0 written, 1 the server or the connection failed, or the package could not be packed
(nothing written), 2 a wrong flag.`;

function readFlags(argv: string[]) {
  const values = readOptions(argv, { ...CLONE_OPTIONS, out: { type: "string" }, package: { type: "string" } });
  if (values.help) return "help" as const;
  if (values.out === undefined || values.out.trim() === "") throw new UsageError("--out DIR is required");
  const spec = values.package?.trim();
  if (spec === "" || (spec !== undefined && /\s/.test(spec))) throw new UsageError(`--package must be an npm spec without spaces (^0.1.0, file:../pulumi-chatwoot-0.1.0.tgz), not "${values.package}"`);
  return { ...cloneFlags(values), out: values.out, package: spec };
}

/** Tarballs of this package an earlier export wrote into `dir`, other than `keep`. */
const staleTarballs = (dir: string, keep: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^pulumi-chatwoot-.+\.tgz$/.test(f) && f !== keep) : [];

/**
 * Writes the files into `dir`: each first under a temporary name, then renamed, so that an error
 * while writing leaves the earlier export's files whole.
 */
function writeProject(dir: string, files: Record<string, string | Uint8Array>): void {
  fs.mkdirSync(dir, { recursive: true });
  const staged = Object.entries(files).map(([name, text]) => {
    const target = path.join(dir, name);
    const temp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text);
    return [temp, target] as const;
  });
  for (const [temp, target] of staged) fs.renameSync(temp, target);
}

async function run(argv: string[]): Promise<number> {
  try {
    const flags = readFlags(argv);
    if (flags === "help") {
      process.stdout.write(`${EXPORT_USAGE}\n`);
      return 0;
    }
    const types = typesFrom(flags);
    const { client, url } = clientFor({ url: flags.url, urlFlag: "--url", names: SOURCE_NAMES, platform: flags.platform });
    const snapshot = await readWithProgress(client, url, flags.accountId, types, flags.platform);
    const model = buildModel(snapshot);
    // The package as a file of the project, unless --package names where npm finds it.
    const tarball = flags.package === undefined ? await packOwnPackage() : undefined;
    const files: Record<string, string | Uint8Array> = projectFiles(model, undefined, tarball ? `file:${tarball.name}` : flags.package);
    if (tarball) files[tarball.name] = tarball.bytes;
    writeProject(flags.out, files);
    // An earlier export's copy of another version is not the project's any more.
    if (tarball) for (const stale of staleTarballs(flags.out, tarball.name)) fs.rmSync(path.join(flags.out, stale));
    for (const warning of model.warnings) process.stderr.write(`warning: ${warning}\n`);
    const warnings = model.warnings.length === 1 ? "1 warning" : `${model.warnings.length} warnings`;
    process.stderr.write(
      `Exported account ${flags.accountId}: ${describeCounts(model)}.\n` +
        `Wrote ${Object.keys(files).join(", ")} to ${flags.out} (${warnings}; review index.ts, then see README.md there).\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof PackError) {
      process.stderr.write(`${NAME}: ${err.message}\n`);
      return 1;
    }
    return reportFailure(NAME, EXPORT_USAGE, err, 1);
  }
}

export const exportCommand: Command = {
  summary: "write a Pulumi TypeScript project that declares an account's configuration (secrets are never exported)",
  run,
};
