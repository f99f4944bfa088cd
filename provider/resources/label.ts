import { z } from "zod";
import { normalizeColor } from "../diff/normalize";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, hexColor, oneLine, text } from "../validation/fields";
import { LabelWire } from "../wire/label";

export const LabelInputs = z.strictObject({
  /** Account that owns the label. Defaults to `chatwoot:accountId`. Changing it replaces the label. */
  accountId,
  /**
   * The label's name: at least two characters, letters, digits, `_` and `-`, starting with a letter
   * or digit; unique in the account. Chatwoot stores titles in lower case, so `VIP` is sent and kept
   * as `vip`. At most 255 characters. The adoption key. Changing it renames the label in place.
   */
  title: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .superRefine(oneLine())
    // Chatwoot's RegexHelper::UNICODE_CHARACTER_NUMBER_HYPHEN_UNDERSCORE.
    .regex(
      /^[\p{L}\p{N}]+[\p{L}\p{N}_-]+$/u,
      "must be at least two letters, digits, underscores or hyphens, starting with a letter or digit (no spaces)",
    )
    .transform((v) => v.toLowerCase()),
  /** What the label is for. */
  description: text.optional(),
  /** Colour of the label, `#RGB` or `#RRGGBB` (Chatwoot's default: `#1f93ff`). */
  color: hexColor.optional(),
  /** Whether the label is listed in the dashboard's sidebar. */
  showOnSidebar: z.boolean().optional(),
  /** Take over the existing label with this title instead of failing on it. */
  adopt,
});
export type LabelInputs = z.input<typeof LabelInputs>;

/** A label of an account (`/labels`); id: the label id. Adoption key: the title. */
export const label = defineCollectionResource({
  inputs: LabelInputs,
  path: "labels",
  wire: LabelWire,
  show: "member",
  key: {
    matches: (inputs, l) => l.title.toLowerCase() === inputs.title,
    describe: (inputs) => `title "${inputs.title}"`,
  },
  normalizers: {
    // Titles are stored lower-case: an older state or a server that echoes another case is the same label.
    title: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
    color: normalizeColor,
  },
});
