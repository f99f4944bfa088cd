/**
 * A resource that moves between the front doors keeps its object: the class carries the other
 * door's type as an alias, so the engine finds the old resource, and the new door's diff compares
 * the program's inputs with the old outputs, which both doors read alike (the plugin's diff skips a
 * dynamic resource's `__provider` text, and reads its kept inputs as its own).
 *
 * One thing the engine leaves behind: an unchanged resource keeps its old outputs. After a move to
 * the plugin that is harmless (the dynamic text and the kept inputs stay until the next write or
 * refresh). After a move back it is not: the dynamic-provider host reads and deletes with the
 * provider text of the outputs, which a resource the plugin wrote has none of, so `refresh` and
 * `destroy` would fail. Its diff therefore asks for an update, which sends no request (nothing
 * managed differs) and gives the outputs the text again.
 */
import { PROVIDER_KEY, type Props } from "./json";
import type { LifecycleDiff } from "./resource";

/** Whether old outputs are those of a resource the plugin last wrote (no dynamic provider text). */
export const writtenByPlugin = (olds: Props | undefined): boolean => typeof olds?.[PROVIDER_KEY] !== "string";

/** A dynamic resource's diff: the type's own, and a change, with none of its properties, where the plugin last wrote the outputs. */
export function dynamicDiff(diff: LifecycleDiff, olds: Props | undefined): LifecycleDiff {
  return writtenByPlugin(olds) ? { ...diff, changes: true } : diff;
}
