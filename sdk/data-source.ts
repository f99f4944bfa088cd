import * as pulumi from "@pulumi/pulumi";
import { onPlugin, pluginToken } from "./front-door";
import type { InputsOf } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { checkConnectionInPreview } from "./preview-connection";
import { programError } from "./program-error";
import { configureFromStack } from "./stack-connection";

/**
 * The two forms of a data source (`getX` and `getXOutput`), built from its provider reader, on
 * either front door (./front-door.ts). On the dynamic door the data source runs the reader in the
 * program process, not through the engine; on the plugin door it invokes the plugin's function
 * `chatwoot:index:getX`, which runs the same reader with its provider's connection. Each needs the
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
  /** The plain form: the plugin's function; or the outside-engine notice, the preview's connection check, the stack's connection settings, then the reader. */
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
  const token = pluginToken(name);
  const plain = async (args: A, opts?: pulumi.InvokeOptions): Promise<R> => {
    // The plugin's function: the engine reports its failure with the function's token.
    if (onPlugin(opts)) return (await pulumi.runtime.invoke(token, args as pulumi.Inputs, opts)) as R;
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
    // The plugin marks the result's credentials secret itself, and the Output keeps them so.
    if (onPlugin(opts)) return pulumi.runtime.invokeOutput(token, args as pulumi.Inputs, opts) as pulumi.Output<R>;
    // Unwrap<T> of this plain JSON is T itself, for the arguments and for the result.
    const result = pulumi.output(args).apply((resolved) => plain(resolved as A, opts)) as unknown as pulumi.Output<R>;
    if (!secretWhen) return result;
    return result.apply((value) => (secretWhen(value) ? pulumi.secret : pulumi.output)(value) as unknown as pulumi.Output<R>);
  };
  return { plain, output };
}
