import { asList } from "./coerce";

/**
 * A set of names (a webhook's event subscriptions) as a sorted list without duplicates. What is
 * treated as equal, and why: order and repetition carry no meaning in a set (the server stores the
 * list as sent and checks only that every name is allowed). Names are compared exactly, case
 * included, as the server compares them. Entries that are not strings are dropped.
 */
export function normalizeTextSet(v: unknown): string[] {
  const names = new Set<string>();
  for (const item of asList(v)) if (typeof item === "string") names.add(item);
  return [...names].sort();
}
