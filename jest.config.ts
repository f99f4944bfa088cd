import type { Config } from "jest";

// One project per testing tier (see the design's "Testing tiers"); `npx jest --selectProjects unit` runs one.
const tier = (name: string, extra: Partial<Config> = {}): Config => ({
  displayName: name,
  testEnvironment: "node",
  testMatch: [`<rootDir>/tests/${name}/**/*.test.ts`],
  // Transpile only, file by file: tsconfig.json sets isolatedModules, which ts-jest takes from there
  // (type errors are `npm run typecheck`'s job).
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  ...extra,
});

const config: Config = {
  projects: [tier("unit"), tier("sandbox"), tier("provider"), tier("host", { globalSetup: "<rootDir>/tests/host/support/global-setup.ts" }), tier("program")],
  testTimeout: 30_000,
};

export default config;
