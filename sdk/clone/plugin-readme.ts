/**
 * The README of an exported project on the native plugin (Pulumi YAML, Python, Go): how to install
 * the provider plugin and the program's dependencies, apply the program to another account, adopt
 * the account it came from with `pulumi import`, set the program's settings, and compare. Nothing
 * in it depends on the time or the machine, so an unchanged account exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { pluginTarballName } from "../../provider/plugin/naming";
import { ownPackage } from "./own-package";
import { connectionCommands, readmeOpening } from "./readme-text";
import { templateReadme } from "./template-readme";
import { SLUG_SUFFIX, yamlSettings } from "./yaml-settings";

/** The commands that adopt the exported account into a stack, after its config is set (README.md and `export --help` say them). */
export const IMPORT_COMMANDS = ["pulumi import --file import.json --generate-code=false --protect=false --yes", "pulumi up --expect-no-changes"] as const;

/**
 * Between the two where the program has credentials (an integration hook's API key): an import
 * cannot read them, so the first `pulumi up` sends them, once.
 */
export const SEND_CREDENTIALS = `${"pulumi up".padEnd(60)} # once: sends the credentials, which an import cannot read`;

/** What differs between the plugin projects' READMEs. */
export interface PluginProgram {
  /** `--language`'s value. */
  language: "yaml" | "python" | "go" | "typescript";
  /** The export's flags besides the language's (`--plugin`). */
  flags?: string;
  /** The paragraph (lines) saying how the plugin gets in place, where it is not installed from its tarball. */
  plugin?: string[];
  /** The program's file (`Pulumi.yaml`, `__main__.py`, `main.go`). */
  file: string;
  /** What the program is, after "as a" (`Pulumi YAML program`). */
  kind: string;
  /** A paragraph (lines) saying how the program's own dependencies are installed, if it has any. */
  dependencies: string[];
}

/** `pulumi config set` of a setting, with a comment, for the README's commands. */
const configSet = (key: string, value: string, comment: string) => `${`pulumi config set ${key} ${value}`.padEnd(60)} # ${comment}`;

/** How the provider plugin is installed (a README's lines). */
function pluginInstall(version: string): string[] {
  return [
    "The program's resources are those of pulumi-chatwoot's provider plugin, which Pulumi installs from",
    `its tarball (a release's, or \`npm run build:plugin\` in a checkout of pulumi-chatwoot):`,
    "",
    "```bash",
    `pulumi plugin install resource chatwoot ${version} --file ${pluginTarballName(version)}`,
    "```",
  ];
}

/** What a YAML template cannot say (it has no conditional), for its README. */
const YAML_TEMPLATE_LIMITS = [
  "Pulumi YAML has no conditional, so a setting cannot leave a property out where it is blank: this",
  "template does not declare the account's name, support address and domain or the portals' custom",
  "domains (each account keeps its own). Declare them, each with a setting of its own, to manage them;",
  "the TypeScript, Python and Go templates have these settings (blank: not managed).",
];

/** The README of the `program` exported from `model`; `project` is its Pulumi project name. */
export function pluginProjectReadme(model: AccountModel, project: string, program: PluginProgram): string {
  const { version } = ownPackage().manifest;
  if (model.template) {
    const install = [...pluginInstall(version), ...(program.dependencies.length > 0 ? ["", ...program.dependencies] : [])];
    const limits = program.language === "yaml" ? YAML_TEMPLATE_LIMITS : [];
    const command = `pulumi-chatwoot export --template --language ${program.language}`;
    return templateReadme(model, project, { file: program.file, kind: program.kind, command, install, limits }, yamlSettings(model, { blank: program.language !== "yaml" }));
  }
  const settings = yamlSettings(model);
  const required = settings.filter((s) => s.purpose === "adopted-inbox");
  const domains = settings.filter((s) => s.purpose === "custom-domain");
  const secrets = settings.filter((s) => s.purpose === "secret");
  const described = settings.map((s) => `- \`${s.key}\`${s.default === undefined ? " (required)" : ` (default ${JSON.stringify(s.default)})`}: ${s.doc}.`);
  const language = `--language ${program.language}${program.flags ? ` ${program.flags}` : ""}`;
  return [
    ...readmeOpening(model, project, { file: program.file, kind: program.kind, command: `pulumi-chatwoot export ${language}` }),
    "",
    "## The provider plugin",
    "",
    ...(program.plugin ?? pluginInstall(version)),
    "",
    ...(program.dependencies.length > 0 ? [...program.dependencies, ""] : []),
    "## Apply to another account",
    "",
    "```bash",
    "pulumi stack init <stack>",
    ...connectionCommands("<account id>"),
    ...required.map((s) => configSet(s.key, "<its id>", "see below")),
    ...secrets.map((s) => configSet(`--secret ${s.key}`, "<the secret>", "see below")),
    // `--`: the value starts with a dash, which would read as a flag.
    ...(settings.some((s) => s.purpose === "slug-suffix") ? [configSet(SLUG_SUFFIX, "-- -copy", "only in an account of the same installation")] : []),
    ...domains.map((s) => configSet(s.key, "<its own domain>", "only in an account of the same installation")),
    "pulumi up",
    "```",
    "",
    "`pulumi up` creates every object but the people, who are adopted (the administrator applying the",
    "program is an agent there already) or invited.",
    "",
    `## Adopt account ${model.accountId} itself`,
    "",
    `\`pulumi import\` takes the objects of account ${model.accountId} into a stack in one command, by the`,
    "file `pulumi-chatwoot export --import-file` writes beside the program; the first `pulumi up` then",
    ...(secrets.length > 0
      ? ["sends only the credentials the API never shows, and every `pulumi up` after it changes nothing and", "sends no write:"]
      : ["changes nothing and sends no write:"]),
    "",
    "```bash",
    `npx pulumi-chatwoot export ${language} --account-id ${model.accountId} --out . --import-file import.json`,
    "pulumi stack init <stack>",
    ...connectionCommands(String(model.accountId)),
    ...required.map((s) => configSet(s.key, String(s.exported), "its id in this account")),
    ...secrets.map((s) => configSet(`--secret ${s.key}`, "<the secret>", "the API never shows it")),
    ...(secrets.length > 0 ? [IMPORT_COMMANDS[0], SEND_CREDENTIALS, IMPORT_COMMANDS[1]] : IMPORT_COMMANDS),
    "```",
    "",
    "`--generate-code=false`: the program declares the objects already; `--protect=false`: as it declares",
    "them (Pulumi would otherwise protect them until the next `up`).",
    "",
    "## Settings",
    "",
    ...(described.length > 0 ? described : ["- none: the program reads only the provider's `chatwoot:*` settings."]),
    "",
    "## Compare",
    "",
    "After applying, check that the two accounts hold the same configuration (exit code 0: equal, 1:",
    "they differ, 2: an error):",
    "",
    "```bash",
    [`npx pulumi-chatwoot diff --account-id ${model.accountId} --to-account-id <account id> [--to-url URL] [--portal-suffix copy]`, ...model.selection].join(" "),
    "```",
    "",
  ].join("\n");
}
