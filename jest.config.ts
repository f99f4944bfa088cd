import type { Config } from "jest";

// One project per testing tier (see the design's "Testing tiers"); `npx jest --selectProjects unit` runs one.
const tier = (name: string, extra: Partial<Config> = {}): Config => ({
  displayName: name,
  testEnvironment: "node",
  testMatch: [`<rootDir>/tests/${name}/**/*.test.ts`],
  transform: { "^.+\\.ts$": ["ts-jest", { isolatedModules: true, diagnostics: false }] },
  ...extra,
});

const config: Config = {
  projects: [tier("unit"), tier("sandbox"), tier("provider"), tier("host", { globalSetup: "<rootDir>/tests/host/support/global-setup.ts" }), tier("program")],
  testTimeout: 30_000,
};

export default config;
