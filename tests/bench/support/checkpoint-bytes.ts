/**
 * What a stack's checkpoint spends on its resources: the file the backend writes (compact JSON,
 * rewritten after every step of an update), `pulumi stack export` (the same, indented), and the
 * program's resources' bytes split by where they come from, read from the export. The split is
 * what tells the two front doors apart: the dynamic provider's serialized `__provider` text, and
 * the stack trace each language host records for every resource.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** Where a resource's bytes come from, in the order the benchmark prints them. */
export const PARTS = [
  "inputs",
  "outputs",
  "__provider (inputs and outputs)",
  "__inputs (outputs, encrypted)",
  "sourcePosition and stackTrace",
  "urn, type, parent, provider",
  "propertyDependencies",
  "the rest",
] as const;
export type Part = (typeof PARTS)[number];

export interface CheckpointFigures {
  /** The checkpoint file's size. */
  fileBytes: number;
  /** `pulumi stack export`'s size. */
  exportBytes: number;
  /** The program's resources in the checkpoint. */
  resources: number;
  /** Bytes of the program's resources per part, summed over them (compact JSON). */
  parts: Record<Part, number>;
}

type Resource = Record<string, unknown> & { type: string };

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** A property of an object as compact JSON writes it: `"key":value,`. */
const member = (key: string, value: unknown) => bytes(key) + 1 + bytes(value) + 1;

/** Where a top-level field of a resource goes; inputs and outputs are split further by key. */
function partOf(field: string): Part {
  if (field === "sourcePosition" || field === "stackTrace") return "sourcePosition and stackTrace";
  if (["urn", "type", "parent", "provider"].includes(field)) return "urn, type, parent, provider";
  if (field === "propertyDependencies") return "propertyDependencies";
  return "the rest";
}

function propertyPart(field: "inputs" | "outputs", key: string): Part {
  if (key === "__provider") return "__provider (inputs and outputs)";
  if (key === "__inputs") return "__inputs (outputs, encrypted)";
  return field;
}

/**
 * The figures of a stack from its export and its checkpoint file; `ofProgram` picks the program's
 * resources by type (the stack itself and its default provider are the rest).
 */
export function checkpointFigures(exportText: string, checkpointFile: string, ofProgram: (type: string) => boolean): CheckpointFigures {
  const exported = JSON.parse(exportText) as { deployment?: { resources?: Resource[] } };
  const resources = (exported.deployment?.resources ?? []).filter((r) => ofProgram(r.type));
  const parts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  for (const resource of resources) {
    // Each member is counted with a comma after it: the resource's braces take the place of its last one.
    parts["the rest"] += 1;
    for (const [field, value] of Object.entries(resource)) {
      if ((field === "inputs" || field === "outputs") && value !== null && typeof value === "object" && !Array.isArray(value)) {
        const keys = Object.keys(value);
        // `"inputs":{` and `},`, less the last property's comma.
        parts["the rest"] += bytes(field) + 1 + 2 + 1 - (keys.length > 0 ? 1 : 0);
        for (const key of keys) parts[propertyPart(field, key)] += member(key, (value as Record<string, unknown>)[key]);
      } else {
        parts[partOf(field)] += member(field, value);
      }
    }
  }
  return { fileBytes: fs.statSync(checkpointFile).size, exportBytes: Buffer.byteLength(exportText), resources: resources.length, parts };
}

/** The checkpoint file of `stack` in a file backend's directory (`.pulumi/stacks/<project>/<stack>.json`). */
export function checkpointFileOf(backendDir: string, project: string, stack: string): string {
  const file = path.join(backendDir, ".pulumi", "stacks", project, `${stack}.json`);
  if (!fs.existsSync(file)) throw new Error(`no checkpoint file at ${file}`);
  return file;
}
