/**
 * Every jest project compiles TypeScript file by file (no type-check per test run, which keeps the
 * suites fast) and gets there without ts-jest deprecation warnings: `isolatedModules` comes from
 * tsconfig.json, not from ts-jest's own options.
 */
import * as path from "node:path";
import type { Config } from "jest";
import { ConfigSet } from "ts-jest";
import config from "../../../jest.config";

const rootDir = path.resolve(__dirname, "../../..");

/** A logger that records warnings and ignores everything else. */
function recordingLogger(warnings: string[]): ConstructorParameters<typeof ConfigSet>[1] {
  const logger: Record<string, unknown> = {};
  return new Proxy(logger, {
    get: (_target, key) => {
      if (key === "child") return () => recordingLogger(warnings);
      if (key === "warn") return (...args: unknown[]) => warnings.push(args.map(String).join(" "));
      if (key === "wrap") return (...args: unknown[]) => args[args.length - 1];
      return () => undefined;
    },
  }) as unknown as ConstructorParameters<typeof ConfigSet>[1];
}

const projects = (config.projects ?? []) as Config[];

test.each(projects.map((p) => [p.displayName as string, p]))("the %s project transpiles in isolation, without warnings", (_name, project) => {
  const transform = Object.values(project.transform ?? {})[0] as [string, Record<string, unknown>];
  expect(transform[0]).toBe("ts-jest");
  const warnings: string[] = [];
  const configSet = new ConfigSet({ rootDir, cwd: rootDir, testMatch: project.testMatch ?? [], testRegex: [], globals: { "ts-jest": transform[1] } } as never, recordingLogger(warnings));
  expect(configSet.isolatedModules).toBe(true);
  expect(warnings).toEqual([]);
});
