/**
 * `npm run lint`'s cycle check (dependency-cruiser with the project's .dependency-cruiser.cjs):
 * it refuses a circle of imports, type-only ones included, and names each module of it; a chain
 * without a circle passes. Run on a throw-away project of three files with the repository's config.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../../..");
const CRUISE = path.join(ROOT, "node_modules/.bin/depcruise");

/** Cruises a project made of `files` with the repository's config; the exit status and what it printed. */
function cruise(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-cycles-"));
  try {
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "commonjs" } }));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const result = spawnSync(CRUISE, ["--config", path.join(ROOT, ".dependency-cruiser.cjs"), "."], {
      cwd: dir,
      encoding: "utf8",
      // CI terminals ask for colour; the assertions read the plain text.
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test.each([
  ["value imports", 'import { b } from "./b";\nexport const a = () => b;\n'],
  ["a type-only import on one edge", 'import type { B } from "./b";\nexport type A = { b?: B };\nexport const a = 1;\n'],
])("a circle through %s is refused, naming its modules", (_name, aText) => {
  const { status, output } = cruise({
    "a.ts": aText,
    "b.ts": 'import { c } from "./c";\nexport type B = number;\nexport const b = c;\n',
    "c.ts": 'import { a } from "./a";\nexport const c = a;\n',
  });
  expect(status).not.toBe(0);
  expect(output).toMatch(/no-circular: a\.ts →\s+b\.ts →\s+c\.ts →\s+a\.ts/);
});

test("a chain without a circle passes", () => {
  const { status, output } = cruise({
    "a.ts": 'import { b } from "./b";\nexport const a = b;\n',
    "b.ts": 'import type { C } from "./c";\nexport const b: C = 1;\n',
    "c.ts": "export type C = number;\n",
  });
  expect(output).toContain("no dependency violations found");
  expect(status).toBe(0);
});
