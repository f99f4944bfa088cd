/**
 * The reference pages' Python and Go examples: each YAML example (./yaml-examples.ts) made a whole
 * program, then converted by Pulumi's own converters as `pulumi convert --from yaml` does (YAML to
 * PCL by pulumi-yaml, PCL to Python and Go by pkg/v3's program generators: ./sdkgen). Go runs them,
 * so `npm run build:sdks` writes their text to converted-examples.json, which is checked in, and
 * `npm run generate` reads it: a page shows an example's Python and Go when they were made from the
 * YAML it shows (a stale entry is left out, and the SDKs' staleness test names it).
 *
 * A YAML example may use a name another page's example declares; its Python and Go are whole
 * programs, which declare what they borrow, so that each compiles and runs on its own.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { programText, type YamlExample, type YamlProgram } from "./yaml-examples";
import type { Json } from "./yaml-writer";

/** Where the converted examples are kept, from the repository's root. */
export const EXAMPLE_PROGRAMS_FILE = "provider/build/converted-examples.json";

/** One example in every language it is converted to. */
export interface ExampleProgram {
  /** The whole YAML program it was converted from. */
  yaml: string;
  python: string;
  go: string;
}

/** Each example's name (`Inbox-1`, its page's type and its place there) with its whole program's YAML. */
export function exampleSources(examples: readonly YamlExample[]): Map<YamlExample, { key: string; yaml: string }> {
  const declarations = new Map<string, { section: "config" | "variables" | "resources"; value: Json }>();
  for (const { program } of examples) {
    for (const section of ["config", "variables", "resources"] as const) {
      for (const [name, value] of Object.entries(program[section])) declarations.set(name, { section, value });
    }
  }
  const counts = new Map<string, number>();
  return new Map(
    examples.map((example) => {
      const n = (counts.get(example.owner) ?? 0) + 1;
      counts.set(example.owner, n);
      const key = `${example.owner}-${n}`;
      return [example, { key, yaml: `name: ${key.toLowerCase()}\nruntime: yaml\n${programText(wholeProgram(example.program, declarations))}\n` }];
    }),
  );
}

/** A program with the declarations it uses but does not make (and those these use), taken from the others. */
function wholeProgram(own: YamlProgram, declarations: ReadonlyMap<string, { section: "config" | "variables" | "resources"; value: Json }>): YamlProgram {
  const borrowed: YamlProgram = { config: {}, variables: {}, resources: {}, outputs: {} };
  const declares = (name: string) => name in own.config || name in own.variables || name in own.resources;
  const pending = [...Object.values(own.variables), ...Object.values(own.resources), ...Object.values(own.outputs)].flatMap(namesUsed);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const found = declarations.get(name);
    if (declares(name) || !found || name in borrowed[found.section]) continue;
    borrowed[found.section][name] = found.value;
    pending.push(...namesUsed(found.value));
  }
  // Borrowed first, in the order they were found: what the example shows comes last.
  return {
    config: { ...borrowed.config, ...own.config },
    variables: { ...borrowed.variables, ...own.variables },
    resources: { ...borrowed.resources, ...own.resources },
    outputs: own.outputs,
  };
}

/** The names a YAML value interpolates (`${name.a[0]}`); `$${` is a literal. */
function namesUsed(value: Json): string[] {
  return [...JSON.stringify(value).matchAll(/(?<!\$)\$\{([^.[}]+)/g)].map((m) => m[1]!);
}

/** The converted examples checked in; none when the file is not there yet. */
export function readExamplePrograms(root: string): Record<string, ExampleProgram> {
  const file = path.join(root, EXAMPLE_PROGRAMS_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ExampleProgram>) : {};
}
