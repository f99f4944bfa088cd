import type * as pulumi from "@pulumi/pulumi";
import type * as reader from "../provider/readers/labels";
import { dataSource } from "./data-source";
import type { InputsOf } from "./inputs";

/** Arguments of {@link getLabels}. */
export interface GetLabelsArgs {
  /** Id of the account whose labels are listed. Defaults to config `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). */
  accountId?: number;
}

/** Arguments of {@link getLabelsOutput}: those of {@link getLabels}, each a Pulumi input. */
export type GetLabelsOutputArgs = InputsOf<GetLabelsArgs>;

/** One label as {@link getLabels} returns it. */
export interface GetLabelsLabel {
  /** The label id. */
  id: number;
  /** The label's title, in lower case as Chatwoot stores it. */
  title: string;
  /** What the label is for. */
  description: string | null;
  /** The label's colour. */
  color: string | null;
  /** Whether the label is listed in the dashboard's sidebar. */
  showOnSidebar: boolean | null;
}

/** What {@link getLabels} returns. */
export interface GetLabelsResult {
  /** Every label of the account, in the server's order. */
  readonly labels: GetLabelsLabel[];
}

/** The provider's reader, loaded when the data source first runs (see ./data-source.ts). */
const load = (): typeof reader => require("../provider/readers/labels");
const source = dataSource("getLabels", () => load().getLabels);

/**
 * The labels of an account, read when the program runs, with the stack's `chatwoot:*` config (or
 * the `CHATWOOT_*` environment variables).
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * export const titles = chatwoot.getLabels().then(({ labels }) => labels.map((l) => l.title));
 * ```
 *
 * @param opts where the lookup runs: with a {@link Provider} (`{ provider }`, or a parent's), on the
 *   plugin against that provider's installation (so too with the stack setting `chatwoot:usePlugin`);
 *   otherwise in the program process, with the stack's connection.
 */
export const getLabels: (args?: GetLabelsArgs, opts?: pulumi.InvokeOptions) => Promise<GetLabelsResult> = source.plain;

/**
 * {@link getLabels} as an Output.
 *
 * ## Example Usage
 * ```ts
 * const labels = chatwoot.getLabelsOutput();
 * export const accountLabels = labels.labels;
 * ```
 */
export const getLabelsOutput: (args?: GetLabelsOutputArgs, opts?: pulumi.InvokeOptions) => pulumi.Output<GetLabelsResult> = source.output;
