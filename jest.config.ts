import type { Config } from "jest";

// One project per testing tier (see the design's "Testing tiers"); `npx jest --selectProjects unit` runs one.
const tier = (name: string, extra: Partial<Config> = {}): Config => ({
  displayName: name,
  testEnvironment: "node",
  testMatch: [`<rootDir>/tests/${name}/**/*.test.ts`],
  // Transpile only, file by file: tsconfig.json sets isolatedModules, which ts-jest takes from there
  // (type errors are `npm run typecheck`'s job).
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  // A create journal per test file, never the one under the user's Pulumi home.
  setupFilesAfterEnv: ["<rootDir>/tests/harness/journal-dir.ts"],
  ...extra,
});

const config: Config = {
  // The host and program tiers run the built package: built first when a source is newer.
  projects: [
    tier("unit"),
    tier("sandbox"),
    tier("provider"),
    tier("host", { globalSetup: "<rootDir>/tests/host/support/global-setup.ts" }),
    tier("program", { globalSetup: "<rootDir>/tests/program/support/global-setup.ts", globalTeardown: "<rootDir>/tests/program/support/global-teardown.ts" }),
  ],
  testTimeout: 30_000,
  // The suite is sized for 2 cores, where jest's default is one worker, in band. The program and
  // host tiers keep the cores busy (they spawn provider hosts and scripts), while the provider
  // tier's fault matrix mostly waits on request deadlines and retry backoff: with its files taken
  // in turns with the others (see the sequencer), two workers wait while two compute. Of 1 to 4
  // workers, 4 measured fastest on 2 cores. `npm run test:quick`, without the program tier, takes 6.
  maxWorkers: 4,
  testSequencer: "<rootDir>/tests/harness/test-sequencer.js",
  // After the usual report, the fault matrix's cells as a grid (type x fault kind x step), then the
  // seconds each tier and each real-CLI file took.
  reporters: [
    "default",
    "<rootDir>/tests/harness/fault-matrix-reporter.js",
    ["<rootDir>/tests/harness/file-times-reporter.js", { tiers: ["program"] }],
  ],
};

export default config;
