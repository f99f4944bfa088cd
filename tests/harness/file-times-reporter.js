// @ts-check
/**
 * Prints, after a jest run, the seconds each test file of the listed tiers took (slowest first),
 * and one line per tier with its file count and summed seconds, so the next slow file is visible in
 * every CI log instead of being found by bisecting a suite that crept past its budget. Jest's own
 * "slow test" marks only flag files past 5 s, which every real-CLI file is. Options (jest.config.ts):
 * `{ tiers: ["program"] }`, the tiers whose files are listed one by one. Plain JavaScript because
 * jest loads reporters untransformed.
 */
const path = require("node:path");

/** @typedef {{ tier: string, file: string, seconds: number, failed: boolean }} FileTime */

/** @param {unknown} name @returns {string} */
const tierName = (name) => (typeof name === "string" ? name : (/** @type {{ name?: string } | undefined} */ (name))?.name ?? "?");

/**
 * The run's files with their tier and duration, from jest's aggregated results.
 * @param {{ testResults: { displayName?: unknown, testFilePath: string, perfStats: { start: number, end: number }, numFailingTests: number, testExecError?: unknown }[] }} results
 * @param {string} rootDir
 * @returns {FileTime[]}
 */
function fileTimes(results, rootDir) {
  return results.testResults.map((r) => ({
    tier: tierName(r.displayName),
    file: path.relative(rootDir, r.testFilePath),
    seconds: Math.max(0, r.perfStats.end - r.perfStats.start) / 1000,
    failed: r.numFailingTests > 0 || r.testExecError !== undefined,
  }));
}

/**
 * The report's text: a line per tier (in the order tiers first appear), then each listed tier's
 * files, slowest first.
 * @param {FileTime[]} times
 * @param {string[]} listed
 */
function renderFileTimes(times, listed) {
  const tiers = [...new Set(times.map((t) => t.tier))];
  const lines = ["Seconds per tier (summed over its files; files run in parallel):"];
  for (const tier of tiers) {
    const files = times.filter((t) => t.tier === tier);
    const total = files.reduce((sum, t) => sum + t.seconds, 0);
    lines.push(`  ${tier}: ${files.length} file${files.length === 1 ? "" : "s"}, ${total.toFixed(1)} s`);
  }
  for (const tier of tiers.filter((t) => listed.includes(t))) {
    lines.push(`Seconds per file, ${tier} tier (slowest first):`);
    const files = times.filter((t) => t.tier === tier).sort((a, b) => b.seconds - a.seconds);
    const width = Math.max(...files.map((t) => t.seconds.toFixed(1).length));
    for (const t of files) lines.push(`  ${t.seconds.toFixed(1).padStart(width)}  ${t.file}${t.failed ? "  (failed)" : ""}`);
  }
  return lines.join("\n");
}

class FileTimesReporter {
  /** @param {{ rootDir: string }} globalConfig @param {{ tiers?: string[] }} [options] */
  constructor(globalConfig, options) {
    this.rootDir = globalConfig.rootDir;
    this.listed = options?.tiers ?? [];
  }

  /** @param {unknown} _contexts @param {Parameters<typeof fileTimes>[0]} results */
  onRunComplete(_contexts, results) {
    const times = fileTimes(results, this.rootDir);
    if (times.length > 0) process.stdout.write(`\n${renderFileTimes(times, this.listed)}\n`);
  }
}

module.exports = FileTimesReporter;
module.exports.fileTimes = fileTimes;
module.exports.renderFileTimes = renderFileTimes;
