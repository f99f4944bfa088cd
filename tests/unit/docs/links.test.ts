/**
 * Every link between the repository's Markdown pages leads somewhere: the README, CONTRIBUTING.md,
 * the guides and the reference (docs/), and the examples' READMEs. A relative link names a file or
 * folder that exists, and a `#fragment` a heading of that page, as GitHub makes heading anchors
 * (lower case, punctuation but `-` and `_` dropped, spaces as `-`, a repeated heading numbered).
 * Moving a section to a guide therefore fails here until every link to it follows.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** The pages checked, from the root. */
function pages(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  const examples = fs
    .readdirSync(path.join(ROOT, "examples"))
    .map((name) => `examples/${name}/README.md`)
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
  return ["README.md", "CONTRIBUTING.md", ...docs.sort(), ...examples];
}

/** A page's text outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, "");
}

/** GitHub's anchor of a heading's text (github-slugger's rule). */
function slug(heading: string): string {
  const text = heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M} _-]/gu, "").replace(/ /g, "-");
}

/** The anchors of a page's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(heading ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The relative links of a page (not http(s), not mailto), as written. */
function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "").filter((target) => !/^[a-z]+:/.test(target));
}

const checked = pages();

/**
 * Guides the README links that come with work of their own, not written yet: a link to one is not
 * broken while it is missing, and once it exists it must leave this list (the last test says so).
 */
const FORTHCOMING = ["docs/guides/fleets.md"];

test("the pages checked include the README, CONTRIBUTING.md, every guide and the reference", () => {
  expect(checked).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/README.md", "docs/guides/sandbox.md", "docs/resources/label.md"]));
});

test.each(checked)("every link of %s leads to a page that exists, and to a heading of it", (page) => {
  const text = fs.readFileSync(path.join(ROOT, page), "utf8");
  const broken = links(text).filter((target) => {
    const [file, fragment] = target.split("#") as [string, string | undefined];
    const at = file === "" ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), file);
    if (!fs.existsSync(at)) return !FORTHCOMING.includes(path.relative(ROOT, at).split(path.sep).join("/"));
    if (fragment === undefined) return false;
    return !(fs.statSync(at).isFile() && anchors(fs.readFileSync(at, "utf8")).has(fragment));
  });
  expect(broken).toEqual([]);
});

test("anchors are made as GitHub makes them", () => {
  expect(slug("Pointing `pulumi up` at it")).toBe("pointing-pulumi-up-at-it");
  expect(slug("The Pulumi CLI of this checkout: `npm run setup:pulumi`")).toBe("the-pulumi-cli-of-this-checkout-npm-run-setuppulumi");
  expect(slug("Editions: Enterprise and community")).toBe("editions-enterprise-and-community");
  expect([...anchors("# A\n\n## A\n```\n# not a heading\n```\n")]).toEqual(["a", "a-1"]);
});

test("a forthcoming guide is still missing (once written, it leaves FORTHCOMING and its links are checked)", () => {
  expect(FORTHCOMING.filter((file) => fs.existsSync(path.join(ROOT, file)))).toEqual([]);
});
