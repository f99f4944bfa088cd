/**
 * The fleet's template: a Pulumi project directory whose `Pulumi.yaml` gives its name (the project
 * every member's stack belongs to), its runtime (TypeScript on Node.js, Pulumi YAML, Python or Go)
 * and, where it has one, the `config:` block that declares the keys members may set.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { YamlSource, type LineProblem } from "./yaml-source";

/** The runtimes a template may have, as `Pulumi.yaml` names them. */
export const TEMPLATE_RUNTIMES = ["nodejs", "yaml", "python", "go"] as const;
export type TemplateRuntime = (typeof TEMPLATE_RUNTIMES)[number];

/** A key the template's `config:` block declares. */
export interface DeclaredKey {
  /** `string`, `integer`, `boolean` or `array`, when it says. */
  type?: string;
  /** Whether Pulumi asks for it as a secret (`secret: true`). */
  secret: boolean;
  /** Whether it has a default (or a value): a member need not set it. */
  optional: boolean;
  /** That default (or value), which Pulumi shows as the stack's when the stack sets none. */
  default?: unknown;
}

/** A template project, as its `Pulumi.yaml` describes it. */
export interface TemplateProject {
  /** The project directory (absolute). */
  dir: string;
  /** The project's name: the stacks' project. */
  name: string;
  runtime: TemplateRuntime;
  /** The keys of its `config:` block (without the project's namespace), or `undefined` when it has none. */
  declared?: ReadonlyMap<string, DeclaredKey>;
}

/** The template at `dir`, or the problems that make it unusable, each as a sentence. */
export function readTemplate(dir: string): TemplateProject | string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [`the template directory ${dir} does not exist`];
  const file = ["Pulumi.yaml", "Pulumi.yml"].map((name) => path.join(dir, name)).find((f) => fs.existsSync(f));
  if (file === undefined) return [`the template directory ${dir} has no Pulumi.yaml: it must be a Pulumi project`];
  const source = YamlSource.parse(file, fs.readFileSync(file, "utf8"));
  if (!(source instanceof YamlSource)) return source.map((p: LineProblem) => `${file}:${p.line}: ${p.message}`);
  const project = source.value as { name?: unknown; runtime?: unknown; config?: unknown } | null;
  const name = project?.name;
  if (typeof name !== "string" || name.trim() === "") return [`${file}: the project has no name`];
  const runtime = typeof project?.runtime === "string" ? project.runtime : (project?.runtime as { name?: unknown } | undefined)?.name;
  if (!TEMPLATE_RUNTIMES.includes(runtime as TemplateRuntime)) {
    return [`${file}:${source.keyLineOf([], "runtime")}: runtime ${JSON.stringify(runtime ?? null)}: a fleet's template runs on ${TEMPLATE_RUNTIMES.join(", ")} (TypeScript, Pulumi YAML, Python, Go)`];
  }
  return { dir, name, runtime: runtime as TemplateRuntime, declared: declaredKeys(name, project?.config) };
}

/** The keys of a project's `config:` block, without the project's own namespace; other namespaces' keys keep theirs. */
function declaredKeys(project: string, block: unknown): Map<string, DeclaredKey> | undefined {
  if (typeof block !== "object" || block === null || Array.isArray(block)) return undefined;
  const keys = new Map<string, DeclaredKey>();
  for (const [raw, spec] of Object.entries(block)) {
    const key = raw.startsWith(`${project}:`) ? raw.slice(project.length + 1) : raw;
    // The long form `{ type, default, secret, ... }`; anything else is the short form, a value.
    const long = typeof spec === "object" && spec !== null && !Array.isArray(spec) && ("type" in spec || "default" in spec || "secret" in spec || "description" in spec || "value" in spec);
    if (!long) {
      keys.set(key, { secret: false, optional: true, default: spec });
      continue;
    }
    const s = spec as { type?: unknown; secret?: unknown; default?: unknown; value?: unknown };
    keys.set(key, {
      type: typeof s.type === "string" ? s.type : undefined,
      secret: s.secret === true,
      optional: s.default !== undefined || s.value !== undefined,
      default: s.default ?? s.value,
    });
  }
  return keys;
}

/** `key` of the template's config as Pulumi keeps it: with its namespace (the project's for a bare key). */
export function fullKey(project: string, key: string): string {
  return key.includes(":") ? key : `${project}:${key}`;
}
