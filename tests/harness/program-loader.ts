/**
 * Loads a Pulumi program entry file the way the Node.js language host does (its exports, or the
 * result of calling an exported function, become the stack outputs), but evaluates the entry file
 * afresh on every run so one process can run the same program twice. Modules the entry imports are
 * loaded through the normal module system and stay cached: the SDK and the provider shims keep
 * their identity, and with it the SDK's per-provider serialization cache.
 */
import * as fs from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

/** A program: the path of its entry file (or directory with `index.ts` / `index.js`), or a function. */
export type ProgramEntry = string | (() => unknown);

/** Returns a function that runs the program once and resolves to its stack outputs. */
export function loadProgram(entry: ProgramEntry): () => Promise<unknown> {
  if (typeof entry === "function") return async () => entry();
  const file = entryFile(path.resolve(entry));
  return async () => {
    const exported = evaluateFresh(file);
    return typeof exported === "function" ? await (exported as () => unknown)() : exported;
  };
}

function entryFile(target: string): string {
  if (!fs.existsSync(target)) throw new Error(`program not found: ${target}`);
  if (!fs.statSync(target).isDirectory()) return target;
  for (const index of ["index.ts", "index.js"]) {
    const candidate = path.join(target, index);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`no index.ts or index.js in ${target}`);
}

// Under jest, modules go through jest's registry (and ts-jest compiles TypeScript); elsewhere
// TypeScript imports need ts-node, registered once and without type checking.
const underJest = process.env.JEST_WORKER_ID !== undefined;

function ensureTypeScriptLoader(fromDir: string): void {
  if (underJest || require.extensions[".ts"]) return;
  (require("ts-node") as typeof import("ts-node")).register({ transpileOnly: true, projectSearchDir: fromDir });
}

function evaluateFresh(file: string): unknown {
  const dir = path.dirname(file);
  let code = fs.readFileSync(file, "utf8");
  if (/\.[cm]?ts$/.test(file)) {
    ensureTypeScriptLoader(dir);
    const ts = require("typescript") as typeof import("typescript");
    code = ts.transpileModule(code, {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
  }
  const fromEntry = createRequire(file);
  const resolve = (id: string): string => {
    if (isBuiltin(id)) return id;
    if (id.startsWith(".") || path.isAbsolute(id)) return require.resolve(path.resolve(dir, id));
    // As from the entry file itself: `require.resolve(id, { paths })` would let this repository's
    // package name resolve to its own checkout (self-reference) instead of the program's node_modules.
    return fromEntry.resolve(id);
  };
  const localRequire = Object.assign((id: string): unknown => require(resolve(id)), { resolve, cache: require.cache, main: require.main });
  const module = { exports: {} as unknown };
  // `new Function` compiles in this realm (jest's sandbox under jest), unlike vm.runInThisContext.
  const run = new Function("exports", "require", "module", "__filename", "__dirname", `${code}\n//# sourceURL=${pathToFileURL(file).href}`);
  run(module.exports, localRequire, module, file, dir);
  return module.exports;
}
