/**
 * `pulumi-chatwoot export`: reads an account and writes a Pulumi project declaring it, in TypeScript
 * (dynamic resources, or on the plugin), YAML, Python or Go (../clone), and for the projects on the
 * provider plugin, on request,
 * the file `pulumi import --file` adopts the account with. Progress and warnings go to stderr, a summary at the end. Every file is built in
 * memory first: a failure to read the account writes nothing. Exit codes: 0 done, 1 the server or
 * the connection failed or the package could not be packed, 2 a wrong flag.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildModel } from "../clone/model";
import { importEntries, importFileText } from "../clone/import-file";
import { packOwnPackage, PackError } from "../clone/own-package";
import { projectFiles } from "../clone/project";
import { describeCounts } from "../clone/readme-text";
import { typescriptPluginProjectFiles } from "../clone/typescript-plugin-project";
import { IMPORT_COMMANDS } from "../clone/plugin-readme";
import { goProjectFiles } from "../clone/go-project";
import { pythonProjectFiles } from "../clone/python-project";
import { yamlProjectFiles } from "../clone/yaml-project";
import { clientFor, CLONE_OPTIONS, cloneFlags, readOptions, readWithProgress, reportFailure, selectionUsage, SOURCE_NAMES, UsageError } from "./clone-options";
import type { Command } from "./command";

const NAME = "pulumi-chatwoot export";

export const EXPORT_USAGE = `usage: ${NAME} --account-id N --out DIR [--language typescript|yaml|python|go] [--plugin] [--import-file FILE]
                               [--url URL] [--include TYPES | --exclude TYPES] [--exclude KIND:PATTERN ...] [--template]
                               [--platform] [--package SPEC]

Reads a Chatwoot account and writes a Pulumi project that declares its configuration: in
TypeScript with pulumi-chatwoot's resources (Pulumi.yaml, package.json, tsconfig.json, index.ts,
README.md, and the package itself as pulumi-chatwoot-<version>.tgz, which package.json names, so
that \`npm install\` there installs it while it is not on the npm registry), or with the resources
of its provider plugin in Pulumi YAML (Pulumi.yaml, README.md), or in Python or Go on the SDKs
generated from the plugin's schema (Pulumi.yaml, requirements.txt, __main__.py, README.md; or
Pulumi.yaml, go.mod, main.go, README.md).
Objects refer to each other by reference and people are agents by e-mail address, so the
program applies to any account. Secrets (bot, website and HMAC tokens, webhook secrets) are never
exported. An unchanged account exports byte-identical files.

  --account-id N        the account to export
  --out DIR             where to write the project (created if needed; its files are replaced)
  --language LANG       typescript (default), yaml, python or go
  --plugin              TypeScript: the program's resources on the plugin the package carries
                        (Pulumi.yaml names it and sets chatwoot:usePlugin), adopted with
                        \`pulumi import\` as in the other languages, instead of dynamic resources
                        that adopt the account's objects themselves
  --import-file FILE    also write the file for \`pulumi import --file\` that adopts every object of
                        the account into a stack of the program on the plugin (YAML, Python, Go, or
                        TypeScript with --plugin)
  --url URL             the Chatwoot server (default: CHATWOOT_URL)
${selectionUsage(24)}
  --platform            export the agent bots a Platform App made as Platform bots (needs
                        CHATWOOT_PLATFORM_ACCESS_TOKEN); the others are the account's bots
  --package SPEC        TypeScript: what package.json gives for pulumi-chatwoot instead of the
                        tarball (none is written then): a version range once the package is on the
                        npm registry (^0.1.0), or a spec npm installs (file:../pulumi-chatwoot-0.1.0.tgz);
                        Python: requirements.txt's line for the generated SDK instead of
                        pulumi-chatwoot==VERSION (a checkout's ../pulumi-chatwoot/sdk/python);
                        Go: the directory go.mod replaces the generated SDK's module with (a
                        checkout's ../pulumi-chatwoot/sdk/go/chatwoot)
  -h, --help            this text

Applied to the account it came from, the TypeScript program adopts every object and sends no
write. The programs on the plugin adopt it with \`pulumi import\`: in DIR, with the plugin in place
and the stack's config set as DIR/README.md says (chatwoot:accountId N among it),

  ${NAME} --language yaml --account-id N --out DIR --import-file DIR/import.json
  ${IMPORT_COMMANDS.join("\n  ")}

The token is read from CHATWOOT_API_ACCESS_TOKEN (an administrator's access token); the other
connection settings from the provider's environment variables, among them the server's rate limit
(CHATWOOT_RATE_LIMIT_PER_MINUTE, its RACK_ATTACK_LIMIT: unset, it is learned from the first 429).
Exit codes: 0 written, 1 the server or the connection failed, or the package could not be packed
(nothing written), 2 a wrong flag.`;

/** The languages a project is exported in. */
const LANGUAGES = ["typescript", "yaml", "python", "go"] as const;
type Language = (typeof LANGUAGES)[number];
/** The program's file in each language, for the summary. */
const PROGRAM_FILE: Record<Language, string> = { typescript: "index.ts", yaml: "Pulumi.yaml", python: "__main__.py", go: "main.go" };

function readFlags(argv: string[]) {
  const values = readOptions(argv, { ...CLONE_OPTIONS, out: { type: "string" }, language: { type: "string" }, plugin: { type: "boolean" }, "import-file": { type: "string" }, package: { type: "string" } });
  if (values.help) return "help" as const;
  if (values.out === undefined || values.out.trim() === "") throw new UsageError("--out DIR is required");
  const language = (values.language ?? "typescript") as Language;
  if (!LANGUAGES.includes(language)) throw new UsageError(`--language must be one of ${LANGUAGES.join(", ")}, not "${values.language}"`);
  const importFile = values["import-file"];
  if (importFile !== undefined && importFile.trim() === "") throw new UsageError("--import-file needs a file name");
  const plugin = values.plugin === true;
  if (plugin && language !== "typescript") throw new UsageError("--plugin is for --language typescript: the YAML, Python and Go programs are on the plugin always");
  if (importFile !== undefined && language === "typescript" && !plugin) {
    // `pulumi import` adopts the plugin's resources; the TypeScript program's dynamic resources adopt by themselves.
    throw new UsageError("--import-file needs a program on the plugin (--language yaml, python or go, or typescript with --plugin): the TypeScript program of dynamic resources adopts the account's objects itself, with no import");
  }
  const spec = values.package?.trim();
  if (spec === "" || (spec !== undefined && /\s/.test(spec))) {
    throw new UsageError(`--package must be an npm spec or a pip requirement without spaces (^0.1.0, file:../pulumi-chatwoot-0.1.0.tgz, ../pulumi-chatwoot/sdk/python), not "${values.package}"`);
  }
  if (spec !== undefined && language === "yaml") throw new UsageError("--package names the TypeScript, Python or Go project's dependency; a YAML project needs the provider plugin alone (see its README)");
  const shared = cloneFlags(values);
  // A template is applied to other accounts, which have none of the exported ids to import.
  if (shared.template && importFile !== undefined) throw new UsageError("--import-file adopts the exported account's objects by their ids: a template (--template) is created in each account instead");
  if (shared.template && plugin) throw new UsageError("--template writes the TypeScript template on dynamic resources; a fleet member's stack takes the plugin with `chatwoot:usePlugin: true` in its config (see the guide \"TypeScript or the plugin\")");
  return { ...shared, out: values.out, language, plugin, importFile, package: spec };
}

/**
 * Writes the files (paths relative to `dir`, or absolute): each first under a temporary name, then
 * renamed, so that an error while writing leaves the earlier export's files whole.
 */
/** Tarballs of this package an earlier export wrote into `dir`, other than `keep`. */
const staleTarballs = (dir: string, keep: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^pulumi-chatwoot-.+\.tgz$/.test(f) && f !== keep) : [];

function writeFiles(dir: string, files: Record<string, string | Uint8Array>): void {
  const staged = Object.entries(files).map(([name, text]) => {
    const target = path.resolve(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
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
    const { client, url } = clientFor({ url: flags.url, urlFlag: "--url", names: SOURCE_NAMES, platform: flags.platform });
    const snapshot = await readWithProgress(client, url, flags.accountId, flags.types, flags.platform);
    // The README's `diff` takes what chose the objects, and --platform, which tells the bots apart.
    const selection = [...flags.flags, ...(flags.platform ? ["--platform"] : [])];
    const model = buildModel(snapshot, { exclude: flags.patterns, template: flags.template, selection });
    // A TypeScript project gets the package as a file of its own, unless --package names where npm finds it.
    const tarball = flags.language === "typescript" && flags.package === undefined ? await packOwnPackage() : undefined;
    const files: Record<string, string | Uint8Array> =
      flags.language === "yaml"
        ? yamlProjectFiles(model)
        : flags.language === "python"
          ? pythonProjectFiles(model, undefined, flags.package)
          : flags.language === "go"
            ? goProjectFiles(model, undefined, flags.package)
            : (flags.plugin ? typescriptPluginProjectFiles : projectFiles)(model, undefined, tarball ? `file:${tarball.name}` : flags.package);
    if (tarball) files[tarball.name] = tarball.bytes;
    const written = Object.keys(files);
    // The import file goes where --import-file says (relative to the working directory, as any path given).
    if (flags.importFile !== undefined) files[path.resolve(flags.importFile)] = importFileText(model);
    writeFiles(flags.out, files);
    // An earlier export's copy of another version is not the project's any more.
    if (tarball) for (const stale of staleTarballs(flags.out, tarball.name)) fs.rmSync(path.join(flags.out, stale));
    for (const warning of model.warnings) process.stderr.write(`warning: ${warning}\n`);
    const warnings = model.warnings.length === 1 ? "1 warning" : `${model.warnings.length} warnings`;
    process.stderr.write(
      `Exported ${flags.template ? "a fleet template of " : ""}account ${flags.accountId}: ${describeCounts(model)}.\n` +
        `Wrote ${written.join(", ")} to ${flags.out} (${warnings}; review ${PROGRAM_FILE[flags.language]}, then see README.md there).\n` +
        (flags.importFile === undefined ? "" : `Wrote ${flags.importFile}: ${importEntries(model).length} resources for \`pulumi import --file\`.\n`),
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
  summary: "write a Pulumi TypeScript, YAML, Python or Go project that declares an account's configuration (secrets are never exported)",
  run,
};
