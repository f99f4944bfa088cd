import { z } from "zod";
import { normalizeColor } from "../diff/normalize";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, hexColor, labelTitle, text } from "../validation/fields";
import { LabelWire } from "../wire/label";

/** The checks of `LabelArgs` (sdk/label.ts, where each argument is documented). */
export const LabelInputs = z.strictObject({
  accountId,
  title: labelTitle,
  description: text.optional(),
  color: hexColor.optional(),
  showOnSidebar: z.boolean().optional(),
  adopt,
});
export type LabelInputs = z.input<typeof LabelInputs>;

/** A label of an account (`/labels`); id: the label id. Adoption key: the title. */
export const label = defineCollectionResource({
  inputs: LabelInputs,
  wire: LabelWire,
  at: { path: "labels", show: "member" },
  adoption: {
    key: {
      matches: (inputs, l) => l.title.toLowerCase() === inputs.title,
      describe: (inputs) => `title "${inputs.title}"`,
    },
  },
  content: {
    normalizers: {
      // Titles are stored lower-case: an older state or a server that echoes another case is the same label.
      title: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
      color: normalizeColor,
    },
  },
});
