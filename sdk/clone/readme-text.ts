/**
 * The pieces every exported project's README shares, whatever its language: the counts of what was
 * exported, the opening (what it is, how objects refer to each other, that no credential was
 * exported, what to review), and the commands that connect a stack to an account.
 */
import { countOf } from "./account";
import type { AccountModel } from "./model";
import { RESOURCE_TYPES } from "./resource-types";

/** Counts per kind: `3 labels, 2 teams`. */
export function describeCounts(model: AccountModel): string {
  const parts = RESOURCE_TYPES.map((t) => [t.sdkClass, model.objects.filter((o) => o.type === t.sdkClass).length] as const)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => countOf(type, n));
  return parts.length > 0 ? parts.join(", ") : "no objects";
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
