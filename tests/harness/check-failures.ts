/**
 * Where the check failures the engine receives point: a top-level property by name, a nested place
 * (`workingHours[4].closeHour`) at the start of the reason, as provider/lifecycle/check.ts's
 * `failureAt` sends it (Pulumi would show `{<nil>}` for a nested property).
 */

/** `conditions.0.attributeKey` as a program writes the place: `conditions[0].attributeKey`. */
export function placeOfDotted(dotted: string): string {
  return dotted
    .split(".")
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join("");
}

/**
 * Where each failure points, as the engine shows it: a top-level property by name; a nested place
 * (no property, see `failureAt`) by the place its reason starts with.
 */
export function placesOf(failures: readonly { property: string; reason: string }[]): string[] {
  return failures.map((f) => f.property || (/^([\w$]+(?:\[\d+\]|\.[\w$]+)*): /.exec(f.reason)?.[1] ?? ""));
}

/** The reasons of the failures at `dotted` (a dotted path), without the place a nested one starts with. */
export function reasonsAt(failures: readonly { property: string; reason: string }[], dotted: string): string[] {
  const place = placeOfDotted(dotted);
  return failures.flatMap((f) => {
    if (!dotted.includes(".")) return f.property === dotted ? [f.reason] : [];
    return f.property === "" && f.reason.startsWith(`${place}: `) ? [f.reason.slice(place.length + 2)] : [];
  });
}
