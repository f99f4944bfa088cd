/**
 * The hash of Go sources, by which a Go tool built from them is known to be current: the
 * provider/build/sdkgen tools (./sdks.ts) and the checkout's language hosts' Go half
 * (tests/pulumi-cli/install.ts) are built again only when it changes.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** The Go sources under `place` (a file, or a folder searched deeply): `.go` files, go.mod and go.sum. */
function goSources(place: string): string[] {
  if (!fs.statSync(place).isDirectory()) return [place];
  return fs
    .readdirSync(place, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? goSources(path.join(place, entry.name)) : /\.go$|^go\.(mod|sum)$/.test(entry.name) ? [path.join(place, entry.name)] : []))
    .sort();
}

/** A hash of the Go sources of `places` (their paths relative to `root`, and their contents), 16 hex digits. */
export function goSourcesHash(root: string, places: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of places.flatMap(goSources)) hash.update(`${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}
