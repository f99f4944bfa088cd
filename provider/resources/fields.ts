import { z } from "zod";

/** Input fields several resources share, so that they validate and read the same everywhere. */

/** The account the object lives in; defaults to `chatwoot:accountId` / `CHATWOOT_ACCOUNT_ID`. */
export const accountId = z.number({ error: "must be a positive integer account id" }).int().positive();

/** A server-side id given by the user (an inbox, a user, an existing object to adopt). */
export const objectId = z.number({ error: "must be a positive integer id" }).int().positive();

/** Text the API stores as-is; `null` clears it. */
export const text = z.string().nullable();

/** A text field that must not be blank when given. */
export const name = z.string().trim().min(1, "must not be blank");

/** An http(s) URL. */
export const httpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), "must be an http:// or https:// URL");

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

/** Whether a membership holds exactly its listed users (`true`) or manages only those (default). */
export const exclusive = z.boolean().default(false);

/** Text the API requires to be present (not blank), sent as written (no trimming: it may be Markdown). */
export const presentText = (what: string) =>
  z.string({ error: `required: ${what}` }).refine((v) => v.trim() !== "", `must not be blank (${what})`);
