/**
 * The pages written by hand for the package's users: the README (the entry page) and the task
 * guides of docs/guides, which took its sections. Tests that hold the docs to the code read them
 * from here, so that a guide added later is read too.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

/** The guides' folder, from the repository's root. */
export const GUIDES = "docs/guides";

/** A page's path from the repository's root, and its text. */
export interface UserDoc {
  file: string;
  text: string;
}

/** The README first, then every guide in name order. */
export function userDocs(): UserDoc[] {
  const guides = fs
    .readdirSync(path.join(ROOT, GUIDES))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `${GUIDES}/${name}`);
  return ["README.md", ...guides].map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
}

/** One page's text (`docs/guides/sandbox.md`). */
export function userDoc(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), "utf8");
}
