/**
 * A TypeScript template is type-checked once per run, before any stack is touched, instead of once
 * per member: Pulumi's Node.js host type-checks the program every time it runs it (ts-node), which
 * for a fleet is the same check N times, and the larger part of an unchanged member's run. With
 * the check passed, each member's program is transpiled only (`PULUMI_NODEJS_TRANSPILE_ONLY`).
 *
 * It runs the TypeScript compiler the template's own project resolves, on its `tsconfig.json`; a
 * template without either is left as it is (Pulumi checks it per member), and so is a run whose
 * environment already sets `PULUMI_NODEJS_TRANSPILE_ONLY`.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { TemplateProject } from "./template";

/** The template's program does not type-check: its compiler's diagnostics. */
export class TemplateTypeError extends Error {
  override name = "TemplateTypeError";
}

/**
 * Checks the template once; resolves to the environment its members' programs then run with.
 * @throws {TemplateTypeError} with the compiler's diagnostics when the program does not type-check.
 */
export function typeCheckOnce(template: TemplateProject, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (template.runtime !== "nodejs" || env.PULUMI_NODEJS_TRANSPILE_ONLY !== undefined) return {};
  const tsconfig = path.join(template.dir, "tsconfig.json");
  if (!fs.existsSync(tsconfig)) return {};
  let tsc: string;
  try {
    tsc = require.resolve("typescript/bin/tsc", { paths: [template.dir] });
  } catch {
    return {};
  }
  const run = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", tsconfig], { cwd: template.dir, encoding: "utf8", timeout: 600_000 });
  if (run.status !== 0) {
    const said = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim() || (run.error?.message ?? `exit ${run.status}`);
    throw new TemplateTypeError(`the template's program does not type-check (tsc --noEmit -p ${path.relative(process.cwd(), tsconfig) || tsconfig}); no stack was touched:\n${said}`);
  }
  return { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };
}
