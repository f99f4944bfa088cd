/**
 * The files of the exported Pulumi project besides `index.ts`: `Pulumi.yaml`, `package.json`,
 * `tsconfig.json` (strict) and a README that says how to review, apply and compare. Nothing in them
 * depends on the time or the machine, so an unchanged account exports byte-identical files.
 */
import { countOf } from "./account";
import type { AccountModel } from "./model";
import { ownPackage, tarballName, type OwnManifest } from "./own-package";
import { programText, type ExportDoor } from "./program";
import { programSettings } from "./program-settings";
import { RESOURCE_TYPES } from "./resource-types";

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
export function projectFiles(model: AccountModel, project = `chatwoot-account-${model.accountId}`, dependency = bundledDependency(), door: ExportDoor = "dynamic"): ProjectFiles {
  const { manifest } = ownPackage();
  return {
    "Pulumi.yaml": [
      `name: ${project}`,
      `description: Chatwoot account configuration exported by pulumi-chatwoot`,
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
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
    // The plugin's program has its own (./typescript-plugin-project.ts).
    "README.md": readme(model, project, dependency),
  };
}


/** Counts per kind: `3 labels, 2 teams`. */
export function describeCounts(model: AccountModel): string {
  const parts = RESOURCE_TYPES.map((t) => [t.sdkClass, model.objects.filter((o) => o.type === t.sdkClass).length] as const)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => countOf(type, n));
  return parts.length > 0 ? parts.join(", ") : "no objects";
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

/**
 * The opening of an exported project's README, whatever its language: what it is, how objects
 * refer to each other, that no credential was exported, and what to review in `program` (its file).
 */
export function readmeOpening(model: AccountModel, project: string, program: { file: string; kind: string; command: string }): string[] {
  const warnings = model.warnings.map((w) => `- ${w}`);
  return [
    `# ${project}`,
    "",
    `The configuration of Chatwoot account ${model.accountId} as a ${program.kind} (\`${program.file}\`), exported`,
    `by \`${program.command}\`: ${describeCounts(model)}.`,
    "Objects refer to each other by reference, not by id, and people are agents by e-mail address",
    "(invited where they are not agents yet, never removed by `pulumi destroy`), so the program can be",
    "applied to any account of any installation. No credential was exported (bot tokens, website and",
    "HMAC tokens, webhook secrets, passwords): the server makes new ones where it creates.",
    "",
    "## Review",
    "",
    `Read \`${program.file}\` before applying it. Comments mark what could not be exported exactly:`,
    "",
    ...(warnings.length > 0 ? warnings : ["- nothing: every object and reference was exported."]),
  ];
}

/** The `pulumi config set` lines of an exported project's README that connect a stack to the account `accountId`. */
export function connectionCommands(accountId: string): string[] {
  return [
    "pulumi config set chatwoot:url https://chat.example.com",
    `pulumi config set chatwoot:accountId ${accountId}`,
    "pulumi config set --secret chatwoot:apiAccessToken          # an administrator's access token",
    "pulumi config set --secret chatwoot:platformAccessToken     # a Platform App's token (Platform agent bots)",
  ];
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
    `npx pulumi-chatwoot diff --account-id ${model.accountId} --to-account-id <account id> [--to-url URL] [--allow-extra]`,
    "```",
    "",
  ].join("\n");
}
