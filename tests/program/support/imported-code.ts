/**
 * The code `pulumi import` prints for resources of this package, in a project of each language the
 * package has an SDK in: the project's language host generates it (the checkout's stand-ins, or
 * Pulumi's own beside an installed CLI), from the plugin's schema, and it uses that SDK:
 * `pulumi-chatwoot`'s classes in TypeScript, `pulumi_chatwoot` in Python, sdk/go/chatwoot in Go.
 */
import { GO_IMPORT_PATH } from "../../../provider/build/pulumi-schema";
import type { ProgramRuntime } from "../../harness/pulumi-cli";

/** A resource `pulumi import` took in: its type token and name. */
export interface Imported {
  type: string;
  name: string;
}

/** The languages of the package's SDKs. */
export type SdkRuntime = Exclude<ProgramRuntime, "yaml">;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const className = (type: string) => type.slice(type.lastIndexOf(":") + 1);

/** How each language imports the package, and declares a resource of it. */
const LANGUAGES: Record<SdkRuntime, { imports: RegExp; declares: (cls: string, name: string) => string; start: string }> = {
  nodejs: { imports: /^import \* as chatwoot from "pulumi-chatwoot";$/m, declares: (cls, name) => `new chatwoot.${cls}("${name}", {`, start: "import * as pulumi" },
  python: { imports: /^import pulumi_chatwoot as chatwoot$/m, declares: (cls, name) => ` = chatwoot.${cls}("${name}",`, start: "import pulumi\n" },
  go: { imports: new RegExp(`^\\s+"${escape(GO_IMPORT_PATH)}"$`, "m"), declares: (cls, name) => `chatwoot.New${cls}(ctx, "${name}", &chatwoot.${cls}Args{`, start: "package main\n" },
};

/** What the printed code must hold: the package imported, and each resource declared with its class. */
export function importedCode(runtime: SdkRuntime, resources: readonly Imported[]): RegExp[] {
  const language = LANGUAGES[runtime];
  return [language.imports, ...resources.map(({ type, name }) => new RegExp(escape(language.declares(className(type), name))))];
}

/** The program `pulumi import` printed (its output from the program's first line on), as a user pastes it. */
export function printedProgram(runtime: SdkRuntime, stdout: string): string {
  const at = stdout.indexOf(LANGUAGES[runtime].start);
  if (at < 0) throw new Error(`pulumi import printed no ${runtime} program:\n${stdout}`);
  return stdout.slice(at);
}
