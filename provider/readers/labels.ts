import { z } from "zod";
import { call } from "../lifecycle/api";
import { fromWire, type FromWire } from "../mapping";
import { accountId } from "../validation/fields";
import { LabelWire } from "../wire/label";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** The checks of `GetLabelsArgs` (sdk/get-labels.ts, where each argument is documented). */
export const GetLabelsArgs = z.strictObject({
  accountId: accountId.optional(),
});
export type GetLabelsArgs = z.input<typeof GetLabelsArgs>;

/** One label, camelCased: id, title (lower case, as Chatwoot stores it), description, color, showOnSidebar. */
export type Label = FromWire<z.output<typeof LabelWire>>;

/** What `getLabels` returns. */
export interface Labels {
  labels: Label[];
}

/** Lists the labels of an account (`GET /labels`). */
export async function getLabels(args: GetLabelsArgs = {}): Promise<Labels> {
  const account = accountOf("getLabels", parseArgs("getLabels", GetLabelsArgs, args).accountId);
  const labels = await call(list(LabelWire), { method: "GET", path: accountPath(account, "labels") });
  return { labels: labels.map((l) => fromWire(l) as Label) };
}
