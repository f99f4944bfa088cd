/**
 * The files of the exported Pulumi project besides `index.ts`: `Pulumi.yaml`, `package.json`,
 * `tsconfig.json` (strict) and a README that says how to review, apply and compare. Nothing in them
 * depends on the time or the machine, so an unchanged account exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { ownPackage, tarballName, type OwnManifest } from "./own-package";
import { programText, type ExportDoor } from "./program";
import { programSettings } from "./program-settings";
import { connectionCommands, readmeOpening } from "./readme-text";
import { templateReadme } from "./template-readme";
import { configBlockLines, type DeclaredSetting } from "./yaml-settings";

/** File name → content, in the order they are written. */
export type ProjectFiles = Record<string, string>;

/** The range this package declares (or was built with), so that the exported project gets an SDK it supports. */
const versionOf = (manifest: OwnManifest, name: string, fallback: string) => manifest.dependencies?.[name] ?? manifest.devDependencies?.[name] ?? fallback;

/**
 * What the project's package.json depends on for pulumi-chatwoot by default: the tarball of this
 * package that the export writes beside it (see ./own-package.ts).
 */
export const bundledDependency = (): string => `file:${tarballName(ownPackage().manifest)}`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The Pulumi project name of an export of `model` in any language: `chatwoot-account-1`, `chatwoot-template-1`. */
export const projectNameOf = (model: AccountModel) => `chatwoot-${model.template ? "template" : "account"}-${model.accountId}`;

/** What a project's Pulumi.yaml says it is. */
export const projectDescription = (model: AccountModel) =>
  model.template ? "A fleet template of a Chatwoot account's configuration, exported by pulumi-chatwoot" : "Chatwoot account configuration exported by pulumi-chatwoot";

/**
 * The end of a template's Pulumi.yaml: every setting its program reads, in the project's `config:`
 * block, so that Pulumi (and a fleet file's check) knows each key, and refuses a stack without a
 * required one before the program runs. A copy's program declares none (its settings are optional
 * or said in its README).
 */
export const templateConfigLines = (model: AccountModel, settings: readonly DeclaredSetting[]): string[] =>
  model.template && settings.length > 0 ? configBlockLines(settings) : [];

/**
 * The lines of a TypeScript project's `Pulumi.yaml` that put every resource on the plugin the package
 * carries: the stack setting `chatwoot:usePlugin` for every stack, and the plugin's path.
 */
export const ON_PLUGIN_LINES = [
  "# Every resource on the plugin the package carries (see pulumi-chatwoot's guide \"TypeScript or the plugin\").",
  "config:",
  "  chatwoot:usePlugin: true",
  "plugins:",
  "  providers:",
  "    - name: chatwoot",
  "      path: node_modules/pulumi-chatwoot/provider/plugin",
];

/**
 * Every file of the project exported from `model` but the package's tarball: `project` is its Pulumi
 * project name, `dependency` what its package.json gives for pulumi-chatwoot (an npm spec), `door`
 * the front door of its resources.
 */
export function projectFiles(model: AccountModel, project = projectNameOf(model), dependency = bundledDependency(), door: ExportDoor = "dynamic"): ProjectFiles {
  const { manifest } = ownPackage();
  return {
    "Pulumi.yaml": [
      `name: ${project}`,
      `description: ${projectDescription(model)}`,
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
      ...templateConfigLines(model, programSettings(model)),
      // A template is never on the plugin (export refuses --template with --plugin): one config: block.
      ...(door === "plugin" ? ON_PLUGIN_LINES : []),
      "",
    ].join("\n"),
    "package.json": json({
      name: project,
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": versionOf(manifest, "@pulumi/pulumi", "3.248.0"),
        "pulumi-chatwoot": dependency,
      },
      devDependencies: {
        "@types/node": versionOf(manifest, "@types/node", "^20.19.0"),
        typescript: versionOf(manifest, "typescript", "~5.9.3"),
      },
    }),
    "tsconfig.json": json({
      compilerOptions: {
        target: "ES2022",
        module: "commonjs",
        moduleResolution: "node10",
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
        types: ["node"],
      },
      files: ["index.ts"],
    }),
    "index.ts": programText(model, door),
    // The plugin's program has its own README (./typescript-plugin-project.ts).
    "README.md": model.template
      ? templateReadme(model, project, { file: "index.ts", kind: "Pulumi program", command: "pulumi-chatwoot export --template", install: ["```bash", "npm install", "```", "", ...installNote(dependency)] }, programSettings(model))
      : readme(model, project, dependency),
  };
}

/** How the README's Apply section says where the package comes from. */
export function installNote(dependency: string): string[] {
  const file = tarballName(ownPackage().manifest);
  if (dependency === `file:${file}`) {
    return [
      `\`npm install\` installs pulumi-chatwoot from \`${file}\`, the copy of the package the export ran with`,
      "(it is not on the npm registry yet): keep the file with the project, in Git too.",
    ];
  }
  return [`\`npm install\` installs pulumi-chatwoot as package.json names it: \`${dependency}\`.`];
}

function readme(model: AccountModel, project: string, dependency: string): string {
  const settings = programSettings(model).map((s) => `- \`${s.key}\`: ${s.doc}.`);
  return [
    ...readmeOpening(model, project, { file: "index.ts", kind: "Pulumi program", command: "pulumi-chatwoot export" }),
    "",
    "## Apply",
    "",
    "```bash",
    "npm install",
    "pulumi stack init <stack>",
    ...connectionCommands("<account id>"),
    "pulumi config set adopt false                               # only for an account that does not have these objects",
    "pulumi up",
    "```",
    "",
    ...installNote(dependency),
    "",
    `On account ${model.accountId} itself, leave \`adopt\` unset: every object is then adopted (taken over`,
    "where it is) and the first `pulumi up` sends no write. On another account, `adopt false` creates",
    "them. The program's own settings:",
    "",
    ...settings,
    "",
    "## Compare",
    "",
    "After applying, check that the two accounts hold the same configuration (exit code 0: equal, 1:",
    "they differ, 2: an error); with `--allow-extra`, only that the other account holds everything of",
    `account ${model.accountId} (what it has besides, such as its own administrator, does not count):`,
    "",
    "```bash",
    [`npx pulumi-chatwoot diff --account-id ${model.accountId} --to-account-id <account id> [--to-url URL] [--allow-extra]`, ...model.selection].join(" "),
    "```",
    "",
  ].join("\n");
}
