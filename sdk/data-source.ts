import * as pulumi from "@pulumi/pulumi";
import type { InputsOf } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { checkConnectionInPreview } from "./preview-connection";
import { programError } from "./program-error";
import { configureFromStack } from "./stack-connection";

/**
 * The two forms of a data source (`getX` and `getXOutput`), built from its provider reader. Every
 * data source runs the reader in the program process, not through the engine, so each needs the
 * same steps; they are written here once, and each get-*.ts keeps its documented types and gives
 * the two forms their public signatures.
 *
 * The reader is loaded when the data source first runs, not when the package is imported: a
 * reader brings the provider's HTTP client and zod schemas along, which a program that does not
 * call it never loads (`require("pulumi-chatwoot")` loads no provider code at all).
 *
 * Arguments left out reach the reader as `undefined`, where its own default (`{}`) applies. A
 * failure is a `RunError` named after the data source (see {@link programError}), which Pulumi
 * prints as one line.
 */
export interface DataSourceForms<A, R> {
  /** The plain form: the outside-engine notice, the preview's connection check, the stack's connection settings, then the reader. */
  plain: (args: A, opts?: pulumi.InvokeOptions) => Promise<R>;
  /** The Output form: the plain form on the resolved arguments. */
  output: (args: InputsOf<A>, opts?: pulumi.InvokeOptions) => pulumi.Output<R>;
}

/**
 * The forms of the data source `name`, served by the reader that `reader` loads. With
 * `secretWhen`, an Output result for which it holds is secret as a whole (Pulumi cannot mark one
 * field of a value secret).
 */
export function dataSource<A, R>(name: string, reader: () => (args: A) => Promise<R>, secretWhen?: (result: R) => boolean): DataSourceForms<A, R> {
  const plain = async (args: A, _opts?: pulumi.InvokeOptions): Promise<R> => {
    noticeOutsideEngine();
    // Its failure is this data source's too, and the same error: Pulumi prints it once.
    await checkConnectionInPreview();
    try {
      configureFromStack();
      return await reader()(args);
    } catch (err) {
      throw programError(name, err);
    }
  };
  const output = (args: InputsOf<A>, opts?: pulumi.InvokeOptions): pulumi.Output<R> => {
    // Unwrap<T> of this plain JSON is T itself, for the arguments and for the result.
    const result = pulumi.output(args).apply((resolved) => plain(resolved as A, opts)) as unknown as pulumi.Output<R>;
    if (!secretWhen) return result;
    return result.apply((value) => (secretWhen(value) ? pulumi.secret : pulumi.output)(value) as unknown as pulumi.Output<R>);
  };
  return { plain, output };
}
