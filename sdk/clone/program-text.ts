/**
 * The sentences every exported program opens with, whatever its language, where a template says
 * something else than a copy; each language writes them as its comments.
 */
import type { AccountModel } from "./model";

/** A template's opening (lines without comment markers); `kind` is what the program is (`Pulumi YAML program`). */
export const templateHeader = (kind: string): string[] => [
  `A fleet template of a Chatwoot account's configuration as a ${kind}, written by`,
  "`pulumi-chatwoot export --template`. README.md lists the settings each account sets (Pulumi.yaml",
  "declares them) and says how to apply it to an account.",
];

/** What the comment above the users' look-ups says (`end`: the language's own ending, such as what `[0].id` is). */
export const usersComment = (model: AccountModel, end: string): string =>
  model.template
    ? `Users, found by the e-mail address each account's config gives (a template has no people of its own)${end}`
    : `Users, found by e-mail address (user ids differ between installations)${end}`;
