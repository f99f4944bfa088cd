/**
 * zod's issues of a parsed YAML file as problems at their lines: an unknown key named with the keys
 * allowed where it stands, every other issue with its path and the schema's own message (the
 * schemas' messages say what is allowed). No issue repeats the value it is about.
 */
import { z } from "zod";
import type { LineProblem, YamlPath, YamlSource } from "./yaml-source";

/** `members[2]`, `installations.eu.url`: a path as messages give it. */
export function pathText(path: YamlPath): string {
  return path.map((seg, i) => (typeof seg === "number" ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join("");
}

/** The problems of `issues` at their lines of `source`; `schema` lists the keys allowed where a key is unknown. */
export function issueProblems(issues: readonly z.core.$ZodIssue[], source: YamlSource, schema: z.ZodType): LineProblem[] {
  return issues.flatMap((issue): LineProblem[] => {
    const at = issue.path.filter((seg): seg is string | number => typeof seg !== "symbol");
    if (issue.code === "unrecognized_keys") {
      const allowed = keysAt(schema, at);
      return issue.keys.map((key) => ({
        line: source.keyLineOf(at, key),
        message: `${pathText([...at, key])}: unknown key${allowed ? `; allowed here: ${allowed.join(", ")}` : ""}`,
      }));
    }
    const where = at.length === 0 ? "the file" : pathText(at);
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return [{ line: source.lineOf(at), message: `${where}: ${missing ? `missing; ${lowerFirst(issue.message)}` : issue.message}` }];
  });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The keys of the object schema at `path` in `schema`, if it is one. */
function keysAt(schema: z.ZodType, path: YamlPath): string[] | undefined {
  let at: z.ZodType | undefined = schema;
  for (const seg of path) {
    at = unwrap(at);
    if (at instanceof z.ZodObject) at = (at.shape as Record<string, z.ZodType>)[String(seg)];
    else if (at instanceof z.ZodRecord) at = at.valueType as z.ZodType;
    else if (at instanceof z.ZodArray) at = at.element as z.ZodType;
    else return undefined;
  }
  at = unwrap(at);
  return at instanceof z.ZodObject ? Object.keys(at.shape) : undefined;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let at = schema;
  while (at instanceof z.ZodOptional) at = at.unwrap() as z.ZodType;
  return at;
}
