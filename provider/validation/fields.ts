import { z } from "zod";
import { normalizeCustomDomain } from "../diff/normalize/custom-domain";
import { characterCount, firstBlankOrInvisible, unusableCharacter, type TextKind } from "./text-characters";

/** Input fields several resources share, so that they validate and read the same everywhere. */

/**
 * Longest name, title, short code, slug, key or other one-line text accepted: Chatwoot's limit on a
 * `string` column (ApplicationRecord's `validates_column_content_length`: 255 characters, unless a
 * model sets its own).
 */
export const LINE_MAX = 255;

/**
 * Longest description or other multi-line text accepted: Chatwoot's own limit on an inbox's
 * greeting and out-of-office messages (`Limits::GREETING_MESSAGE_MAX_LENGTH`), taken for every
 * text that upstream does not limit.
 */
export const TEXT_MAX = 10_000;

/**
 * Longest text Chatwoot keeps in a `text` column without a limit of the model's own
 * (ApplicationRecord's `validates_column_content_length`: 20,000 characters): a canned response's
 * content, a campaign's message, an article's Markdown.
 */
export const TEXT_COLUMN_MAX = 20_000;

/** Longest URL accepted: Chatwoot's `Limits::URL_LENGTH_LIMIT` (enforced upstream on a bot's `outgoing_url`). */
export const URL_MAX = 2048;

const RULES: Record<TextKind, string> = {
  line: "it must be one line of visible text (no control characters, line breaks or invisible formatting characters)",
  multiline: "text may hold line breaks and tabs, but no other control characters",
};

type Refinement = (value: string, ctx: z.core.$RefinementCtx<string>) => void;

/** Refuses text longer than `max` characters or holding characters it can never mean (see `unusableCharacter`). */
function textRules(kind: TextKind, max: number): Refinement {
  return (value, ctx) => {
    const length = characterCount(value);
    if (length > max) ctx.addIssue({ code: "custom", message: `must be at most ${max} characters (got ${length})` });
    const problem = unusableCharacter(value, kind);
    if (problem) ctx.addIssue({ code: "custom", message: `${problem}; ${RULES[kind]}` });
  };
}

/** The checks of one-line text (names, titles, short codes, slugs, keys), at most `max` characters. */
export const oneLine = (max = LINE_MAX): Refinement => textRules("line", max);

/** The checks of text that may span lines (descriptions, messages), at most `max` characters. */
export const multiLine = (max = TEXT_MAX): Refinement => textRules("multiline", max);

/** The account the object lives in; defaults to `chatwoot:accountId` / `CHATWOOT_ACCOUNT_ID`. */
export const accountId = z.number({ error: "must be a positive integer account id" }).int().positive();

const positiveId = z.number({ error: "must be a positive integer id" }).int("must be a positive integer id").positive("must be a positive integer id");

/**
 * A server-side id given by the user (an inbox, a user, an existing object to adopt): a positive
 * integer, or its digits as text, which is what every resource's `id` output is (`inbox.id` can be
 * passed as it is). Either way it is sent as a JSON integer (upstream takes `"3"` for another user
 * than `3` in member lists), and `3` and `"3"` are the same value.
 */
export const objectId = z.union([positiveId, z.string().regex(/^\d+$/).transform(Number).pipe(positiveId)], {
  error: "must be a positive integer id, or its digits as text (a resource's id output, e.g. inbox.id)",
});

/** Text the API stores as-is, which may span lines (at most 10,000 characters); `null` clears it. */
export const text = z.string().superRefine(multiLine()).nullable();

/** One line of text the API stores as-is (at most 255 characters); `null` clears it. */
export const lineText = z.string().superRefine(oneLine()).nullable();

/** A name: one line of text, not blank, at most 255 characters (surrounding spaces are dropped). */
export const name = z.string().trim().min(1, "must not be blank").superRefine(oneLine());

/**
 * A user's e-mail address: one line, `name@domain` (Devise's `email_regexp`, which Chatwoot
 * validates users with), in lower case, as Chatwoot keeps addresses and finds users by them.
 */
export const email = z
  .string()
  .trim()
  .superRefine(oneLine())
  .regex(/^[^@\s]+@[^@\s]+$/, "must be an e-mail address (name@domain)")
  .transform((v) => v.toLowerCase());

/**
 * A slug: one segment of a URL path (`/hc/{portal}/{locale}/articles/{slug}`), not blank, at most 255
 * characters. `/`, `.`, `?`, `#`, `%`, `\`, spaces and invisible characters cannot be addressed in
 * one (Rails reads a dot as the start of a format).
 */
export const pathSegment = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .superRefine(oneLine())
  .regex(/^[^/\\.?#%\s\p{Cc}\p{Cf}]+$/u, 'must not contain "/", "\\", ".", "?", "#", "%" or spaces: it is a URL path segment');

/** The largest value of the server's `integer` columns (a larger one is a database error, a 500). */
export const INTEGER_MAX = 2_147_483_647;

/** A whole number of `unit` from 1, as an `integer` column validated `numericality: { greater_than: 0 }` takes it. */
export function positiveCount(unit: string) {
  const rule = `must be a whole number of ${unit} from 1 to ${INTEGER_MAX}`;
  return z.number({ error: rule }).int(rule).min(1, rule).max(INTEGER_MAX, rule);
}

/** A place in an ordered list: a whole number that fits the server's `integer` column. */
export const position = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(-2_147_483_648, "must be at least -2147483648 (a database integer)")
  .max(2_147_483_647, "must be at most 2147483647 (a database integer)");

/** Why `value` is not an http(s) URL a server can call, or `undefined` when it is one. */
export function httpUrlProblem(value: string): string | undefined {
  const length = characterCount(value);
  if (length > URL_MAX) return `must be at most ${URL_MAX} characters (got ${length})`;
  // WHATWG parsing silently drops tabs and line breaks and trims spaces: refuse them before it can.
  const blank = firstBlankOrInvisible(value);
  if (blank) return `${blank}; a URL holds no spaces, line breaks or invisible characters (percent-encode them, e.g. %20)`;
  if (!/^https?:\/\//i.test(value)) return "must be an http:// or https:// URL";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an http:// or https:// URL (it does not parse as one)";
  }
  if (!url.hostname) return "must be an http:// or https:// URL naming a host";
  return undefined;
}

/** An http(s) URL, parsed in full (WHATWG), at most 2048 characters, without spaces or control characters anywhere. */
export const httpUrl = z.string().superRefine((v, ctx) => {
  const problem = httpUrlProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * Why `host` is not a DNS host name, or `undefined` when it is one: dot-separated labels (at least
 * two) of letters, digits and hyphens, none starting or ending with a hyphen, each at most 63
 * characters, the whole at most 253; the last label not all digits (an IP address is no domain).
 */
export function hostNameProblem(host: string): string | undefined {
  const allowed = "must be a host name such as docs.example.com";
  if (characterCount(host) > 253) return `${allowed} (at most 253 characters)`;
  const labels = host.split(".");
  if (labels.length < 2) return `${allowed}: at least two labels separated by dots`;
  for (const label of labels) {
    if (label === "") return `${allowed}: "${host}" has an empty label (two dots in a row, or a dot at an end)`;
    if (!/^[\p{L}\p{N}-]+$/u.test(label)) return `${allowed}: label "${label}" may hold only letters, digits and hyphens`;
    if (label.startsWith("-") || label.endsWith("-")) return `${allowed}: label "${label}" must not start or end with a hyphen`;
    if (characterCount(label) > 63) return `${allowed}: label "${label.slice(0, 20)}..." is longer than 63 characters`;
  }
  if (/^\d+$/.test(labels[labels.length - 1])) return `${allowed}, not an IP address`;
  return undefined;
}

/** A host written without a scheme: a path, port or query has no place in it (nor have spaces). */
function unusableInHost(v: string): string | undefined {
  const misplaced = /[/:?#@\s]/.exec(v);
  return misplaced ? `must be a bare host name: "${misplaced[0]}" at position ${misplaced.index + 1} does not belong in one` : undefined;
}

/** A host name (see `hostNameProblem`), or an http(s) URL naming one (a portal's custom domain: Chatwoot keeps only the host). */
export const hostOrUrl = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(v);
    const problem = isUrl ? httpUrlProblem(v) : unusableInHost(v);
    const host = normalizeCustomDomain(v);
    if (problem) ctx.addIssue({ code: "custom", message: `${problem} (give a host name such as docs.example.com, or an http(s) URL of one)` });
    else if (host === null) ctx.addIssue({ code: "custom", message: "must not be blank (null removes the domain)" });
    else {
      const reason = hostNameProblem(host);
      if (reason) ctx.addIssue({ code: "custom", message: `${reason}, or an http(s) URL of one` });
    }
  });

/**
 * A label's title: Chatwoot's RegexHelper::UNICODE_CHARACTER_NUMBER_HYPHEN_UNDERSCORE, in lower
 * case (Chatwoot stores titles so, and conversations carry them so).
 */
export const labelTitle = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .superRefine(oneLine())
  .regex(
    /^[\p{L}\p{N}]+[\p{L}\p{N}_-]+$/u,
    "must be at least two letters, digits, underscores or hyphens, starting with a letter or digit (no spaces)",
  )
  .transform((v) => v.toLowerCase());

/**
 * A custom attribute's key: Chatwoot's rule, plus a letter or digit (a key of punctuation only,
 * such as `...`, names nothing a person or template can tell apart).
 */
export const attributeKey = z
  .string()
  .trim()
  .superRefine(oneLine())
  .regex(/^[\p{L}\p{N}_.-]+$/u, "must contain only letters, digits, underscores, dots and hyphens")
  .regex(/[\p{L}\p{N}]/u, "must contain at least one letter or digit (not only _, . and -)");

/** `adopt: true` takes over an existing object with the same natural key instead of failing on it. */
export const adopt = z.boolean().optional();

/** A hex colour, `#RGB` or `#RRGGBB` (compared without regard to case). */
export const hexColor = z.string().trim().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour, #RGB or #RRGGBB");

/** The users of a membership (inbox or team): positive integer ids, each listed once. */
export const userIds = z.array(objectId).superRefine((ids, ctx) => {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) ctx.addIssue({ code: "custom", message: `must list each user once; ${id} appears more than once` });
    seen.add(id);
  }
});

/**
 * Refuses a list that holds a value more than once, naming the first repeats and their places:
 * `noun` is what one entry is (`choice`, `permission`), `places` what the positions are called.
 */
export function eachOnce(noun: string, places = "entries") {
  return (values: readonly unknown[], ctx: z.core.$RefinementCtx<unknown>) => {
    const first = new Map<unknown, number>();
    const repeats: string[] = [];
    values.forEach((value, i) => {
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, i);
      else repeats.push(`${JSON.stringify(value)} (${places} ${earlier + 1} and ${i + 1})`);
    });
    if (repeats.length === 0) return;
    const more = repeats.length > 3 ? `, and ${repeats.length - 3} more repeats` : "";
    ctx.addIssue({ code: "custom", message: `must list each ${noun} once; repeated: ${repeats.slice(0, 3).join(", ")}${more}` });
  };
}

/** Whether a membership holds exactly its listed users (`true`) or manages only those (default). */
export const exclusive = z.boolean().default(false);

/**
 * With `exclusive: true`, lets an empty `userIds` remove every member. Without it such a
 * membership is refused: a list that came out empty by mistake would otherwise empty the object.
 */
export const allowEmpty = z.boolean().optional();

/** Refuses an exclusive membership of no users unless `allowEmpty: true` says that is meant. */
export function refuseAccidentalEmpty(noun: string) {
  return (v: { userIds: readonly number[]; exclusive: boolean; allowEmpty?: boolean }, ctx: z.core.$RefinementCtx<unknown>) => {
    if (v.exclusive && Array.isArray(v.userIds) && v.userIds.length === 0 && v.allowEmpty !== true) {
      ctx.addIssue({
        code: "custom",
        path: ["userIds"],
        message: `is empty, and exclusive: true would remove every member of the ${noun}; list the users, or set allowEmpty: true if removing every member is meant`,
      });
    }
  };
}

/** Text the API requires to be present (not blank), sent as written (no trimming: it may be Markdown); at most `max` characters. */
export const presentText = (what: string, max = TEXT_MAX) =>
  z.string({ error: `required: ${what}` }).refine((v) => v.trim() !== "", `must not be blank (${what})`).superRefine(multiLine(max));

/** One line of text the API requires to be present (not blank), sent as written; at most 255 characters. */
export const presentLine = (what: string) =>
  z.string({ error: `required: ${what}` }).refine((v) => v.trim() !== "", `must not be blank (${what})`).superRefine(oneLine());
