/**
 * The reference pages' Pulumi YAML examples (docs/, the blocks under `## Example Usage`) put
 * together into one program, as the pages say they are: each block's `config`, `variables`,
 * `resources` and `outputs` entries go into the program's; an entry two pages both declare must be
 * the same text. The blocks are read from the pages as users read them, in the layout the generator
 * writes (top-level keys at the margin, entries indented by two spaces); any other layout fails.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../pulumi-cli/install";

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;
type Section = (typeof SECTIONS)[number];

/** One entry of a part of the program: its name and its lines. */
export interface Entry {
  name: string;
  text: string;
  /** The page it was first found on. */
  page: string;
}

export type DocsProgram = Record<Section, Map<string, Entry>>;

/** The pages of docs/, by their path from docs/. */
function pages(dir = path.join(REPO_ROOT, "docs")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

/** The ```yaml blocks of a page's `## Example Usage` section. */
export function exampleBlocks(markdown: string): string[] {
  const section = /^## Example Usage\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? "";
  return [...section.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** Every page's examples as one program. */
export function docsProgram(): DocsProgram {
  const program: DocsProgram = { config: new Map(), variables: new Map(), resources: new Map(), outputs: new Map() };
  for (const page of pages()) {
    for (const block of exampleBlocks(fs.readFileSync(path.join(REPO_ROOT, "docs", page), "utf8"))) {
      for (const entry of entries(block, page)) {
        const existing = program[entry.section].get(entry.name);
        if (existing && existing.text !== entry.text) throw new Error(`${page} and ${existing.page} declare ${entry.section} ${entry.name} differently`);
        if (!existing) program[entry.section].set(entry.name, entry);
      }
    }
  }
  return program;
}

/** A block's entries, each with its part. */
function entries(block: string, page: string): (Entry & { section: Section })[] {
  const found: (Entry & { section: Section })[] = [];
  let section: Section | undefined;
  for (const line of block.replace(/\n$/, "").split("\n")) {
    const top = /^(\w+):$/.exec(line);
    if (top) {
      if (!(SECTIONS as readonly string[]).includes(top[1]!)) throw new Error(`${page}: an example has a top-level key ${top[1]}`);
      section = top[1] as Section;
      continue;
    }
    const start = /^ {2}([^\s:][^:]*):(?: |$)/.exec(line);
    if (start && section) found.push({ section, name: start[1]!, text: line, page });
    else if (/^ {4}/.test(line) && found.length > 0) found.at(-1)!.text += `\n${line}`;
    else throw new Error(`${page}: an example's line is not in the generator's layout: ${line}`);
  }
  return found;
}

/** The program's `Pulumi.yaml`. */
export function programYaml(name: string, program: DocsProgram): string {
  const parts = SECTIONS.filter((s) => program[s].size > 0).map((s) => `${s}:\n${[...program[s].values()].map((e) => e.text).join("\n")}`);
  return `name: ${name}\nruntime: yaml\n${parts.join("\n")}\n`;
}

/** A resource entry's `type`. */
export const typeOf = (entry: Entry) => /^ {4}type: (\S+)$/m.exec(entry.text)?.[1];

/** Whether a config entry is declared secret. */
export const isSecret = (entry: Entry) => /^ {4}secret: true$/m.test(entry.text);
