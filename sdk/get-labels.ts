import * as pulumi from "@pulumi/pulumi";
import type { GetLabelsArgs as ReaderArgs, Labels } from "../provider/readers/labels";
import { readers } from "../provider";
import type { DeepInput } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { configureFromStack } from "./stack-connection";

/** Arguments of {@link getLabels}. `accountId` defaults to config `chatwoot:accountId`. */
export type GetLabelsArgs = ReaderArgs;
/** Arguments of {@link getLabelsOutput}: the same, as Pulumi inputs. */
export type GetLabelsOutputArgs = { [K in keyof ReaderArgs]: DeepInput<ReaderArgs[K]> };
/** What {@link getLabels} returns: every label of the account (id, title in lower case, description, color, showOnSidebar). */
export type GetLabelsResult = Labels;

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
 * @param _opts accepted for the shape of Pulumi's generated data sources; the lookup runs in the program process.
 */
export async function getLabels(args: GetLabelsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetLabelsResult> {
  noticeOutsideEngine();
  configureFromStack();
  return readers.getLabels(args);
}

/**
 * {@link getLabels} as an Output.
 *
 * ## Example Usage
 * ```ts
 * export const labelTitles = chatwoot.getLabelsOutput().labels.apply((list) => list.map((l) => l.title));
 * ```
 */
export function getLabelsOutput(args: GetLabelsOutputArgs = {}, opts?: pulumi.InvokeOptions): pulumi.Output<GetLabelsResult> {
  // Unwrap<T> of this plain JSON is T itself.
  return pulumi.output(args).apply((plain) => getLabels(plain as GetLabelsArgs, opts)) as unknown as pulumi.Output<GetLabelsResult>;
}
