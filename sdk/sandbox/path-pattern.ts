/**
 * Path patterns shared by the route table and fault matching: "/a/:id/b" and "/a/*" — a ":name"
 * or "*" segment matches exactly one path segment. Static segments rank before parameters, so
 * "/portals/:slug/logo" wins over a hypothetical "/portals/:slug/:action".
 */

type Segment = { kind: "static"; text: string } | { kind: "param"; name: string } | { kind: "any" };

export interface PathPattern {
  readonly source: string;
  readonly segments: readonly Segment[];
}

/** Splits a request path into decoded segments; a trailing slash is ignored, as Rails does. */
export function splitPath(path: string): string[] | undefined {
  const parts = path.split("/").filter((part) => part !== "");
  try {
    return parts.map(decodeURIComponent);
  } catch {
    return undefined; // malformed percent-encoding matches nothing
  }
}

export function compilePattern(source: string): PathPattern {
  const segments = source
    .split("/")
    .filter((part) => part !== "")
    .map((part): Segment => {
      if (part === "*") return { kind: "any" };
      if (part.startsWith(":")) return { kind: "param", name: part.slice(1) };
      return { kind: "static", text: part };
    });
  return { source, segments };
}

/** The path parameters when the pattern matches, otherwise undefined. */
export function matchPattern(pattern: PathPattern, segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = pattern.segments[i];
    const actual = segments[i] as string;
    if (expected?.kind === "static" && expected.text !== actual) return undefined;
    if (expected?.kind === "param") params[expected.name] = actual;
  }
  return params;
}

/** Orders patterns so that, segment by segment, static text is tried before parameters. */
export function compareSpecificity(a: PathPattern, b: PathPattern): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const rank = (s: Segment | undefined) => (s?.kind === "static" ? 0 : 1);
    const diff = rank(a.segments[i]) - rank(b.segments[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}
