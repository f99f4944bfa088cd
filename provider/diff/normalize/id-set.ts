import { asInteger, asList, isRecord } from "./coerce";

/**
 * A set of numeric ids (the users of an inbox membership) as a sorted list without duplicates.
 * What is treated as equal, and why:
 * - Order and repetition carry no meaning in a set.
 * - An id given as a numeric string (`"3"`) is the number 3; the API reports numbers.
 * - An object with an `id` (an agent of the server's member list) counts as that id, so the
 *   response form compares with the user's list of ids.
 * Anything that is not an integer id is dropped.
 */
export function normalizeIdSet(v: unknown): number[] {
  const ids = new Set<number>();
  for (const item of asList(v)) {
    const id = asInteger(isRecord(item) ? item.id : item);
    if (id !== null) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}
