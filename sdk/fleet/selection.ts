/**
 * Which members a run takes: `--shard I/N` first (a stable split of every member of the file, so
 * that N jobs running the same file cover each member exactly once), then `--only` and
 * `--exclude` (names, or patterns with `*`). Shards go round the members sorted by name: each gets
 * every N-th, so they differ by one member at most.
 */

/** `--shard I/N`: this job is shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** `I/N` with 1 <= I <= N, or a sentence saying what is allowed. */
export function parseShard(text: string): Shard | { problem: string } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !(count >= 1) || !(index >= 1) || index > count) return { problem: `--shard takes I/N with 1 <= I <= N (e.g. 1/2 for the first of two jobs), not "${text}"` };
  return { index, count };
}

/** The names or `*` patterns of a comma-separated list (`--only acme,globex`, `--exclude 'test-*'`). */
export function parseNames(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** Whether `name` is `pattern` (a name, or a pattern where `*` stands for any characters). */
export function matches(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const regex = new RegExp(`^${pattern.split("*").map(escape).join(".*")}$`);
  return regex.test(name);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names of shard `shard` among `names`: every N-th of them sorted, starting at the I-th. */
export function shardOf(names: readonly string[], shard: Shard | undefined): Set<string> {
  if (shard === undefined) return new Set(names);
  const sorted = [...names].sort();
  return new Set(sorted.filter((_, i) => i % shard.count === shard.index - 1));
}

/** What `--only` and `--exclude` name: the patterns of each that match nothing among `names` (unknown to the fleet). */
export function unmatched(patterns: readonly string[], names: readonly string[]): string[] {
  return patterns.filter((pattern) => !names.some((name) => matches(pattern, name)));
}

/** `names` (in their order) that the shard takes, `--only` names (when given) and `--exclude` does not. */
export function selectNames(names: readonly string[], options: { shard?: Shard; only?: readonly string[]; exclude?: readonly string[] }): string[] {
  const inShard = shardOf(names, options.shard);
  return names.filter(
    (name) =>
      inShard.has(name) &&
      (options.only === undefined || options.only.some((p) => matches(p, name))) &&
      !(options.exclude ?? []).some((p) => matches(p, name)),
  );
}
