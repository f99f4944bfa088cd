/**
 * The README of a fleet template (`export --template`), whatever its language: what it holds and
 * leaves out, what to review, how to install what it needs, the settings each account sets (the
 * keys a fleet file's members give, declared in Pulumi.yaml), how to apply it to one account, and
 * how to compare an account with the account it came from. Nothing in it depends on the time or
 * the machine, so an unchanged account exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { connectionCommands, describeCounts } from "./readme-text";
import type { DeclaredSetting } from "./yaml-settings";

/** What differs between the languages' templates. */
export interface TemplateProgram {
  /** The program's file (`index.ts`, `Pulumi.yaml`, ...). */
  file: string;
  /** What the program is, after "as a" (`Pulumi program`, `Pulumi YAML program`). */
  kind: string;
  /** The command that wrote it. */
  command: string;
  /** How to install what it needs: a section's lines (commands, notes). */
  install: string[];
  /** What the language cannot say and leaves to each account's own (Pulumi YAML's account name, ...), if anything. */
  limits?: string[];
}

/** `pulumi config set` of a setting, with a comment, for the README's commands. */
const configSet = (setting: DeclaredSetting) =>
  `${`pulumi config set ${setting.secret ? "--secret " : ""}${setting.key} <${setting.type === "integer" ? "its id" : setting.secret ? "the secret" : "value"}>`.padEnd(60)} # required`;

/** The README of the template `program` exported from `model` with `settings`; `project` is its Pulumi project name. */
export function templateReadme(model: AccountModel, project: string, program: TemplateProgram, settings: readonly DeclaredSetting[]): string {
  const warnings = model.warnings.map((w) => `- ${w}`);
  const required = settings.filter((s) => s.default === undefined);
  const described = settings.map((s) => `- \`${s.key}\`${s.default === undefined ? " (required" + (s.secret ? ", a secret)" : ")") : ` (default ${JSON.stringify(s.default)})`}: ${s.doc}.`);
  const diff = ["npx pulumi-chatwoot diff", `--account-id ${model.accountId}`, "--to-account-id <account id>", "[--to-url URL]", ...model.selection].join(" ");
  return [
    `# ${project}`,
    "",
    `A fleet template of Chatwoot account ${model.accountId}'s configuration as a ${program.kind} (\`${program.file}\`), exported`,
    `by \`${program.command}\`: ${describeCounts(model)}.`,
    "It holds no people (agents and every membership are each account's own), and none of what one",
    "account has its own of: its name, support address and domains, the users the objects refer to",
    "(an article's author, a campaign's sender) and the inboxes that can only be adopted are config",
    "keys each account sets. Objects refer to each other by reference, not by id, and every one is",
    "created in the account the template is applied to (or, with `adopt`, taken over where it has one",
    "of the same name). No credential was exported: each account gives its own as a secret.",
    "",
    "## Review",
    "",
    `Read \`${program.file}\` before applying it. Comments mark what could not be exported exactly, and what was left out:`,
    "",
    ...(warnings.length > 0 ? warnings : ["- nothing: every object and reference was exported."]),
    ...(program.limits && program.limits.length > 0 ? ["", ...program.limits] : []),
    "",
    "## Install",
    "",
    ...program.install,
    "",
    "## Settings each account sets",
    "",
    "Pulumi.yaml declares them in its `config:` block, so `pulumi` refuses a stack without a required one",
    "before the program runs. A fleet file sets them per member (plain values, or secrets by reference),",
    "or `pulumi config set` in a stack of one's own. Besides the provider's own `chatwoot:url`,",
    "`chatwoot:accountId` and `chatwoot:apiAccessToken` (a secret):",
    "",
    ...(described.length > 0 ? described : ["- none."]),
    "",
    "## Apply to one account",
    "",
    "```bash",
    "pulumi stack init <stack>",
    ...connectionCommands("<account id>"),
    ...required.map(configSet),
    "pulumi up",
    "```",
    "",
    "## Compare",
    "",
    `Check that an account holds what the template declares, as account ${model.accountId} has it (exit code 0: equal,`,
    "1: they differ, 2: an error); the same flags as the export leave out what the template leaves out:",
    "",
    "```bash",
    diff,
    "```",
    "",
  ].join("\n");
}
