// The order jest hands test files to its workers (jest.config.ts `testSequencer`). Plain JavaScript:
// jest loads a sequencer with require(), without the TypeScript loader it uses for its config.
const Sequencer = require("@jest/test-sequencer").default;

/** Tiers whose files mostly wait (on request deadlines, retry backoff) rather than compute. */
const WAITING_TIERS = new Set(["provider"]);

const tierOf = (test) => {
  const name = test.context.config.displayName;
  return typeof name === "string" ? name : name?.name;
};

/**
 * Jest's own order (files that failed last time first, then the slowest first by the last run's
 * timings, else the largest), with the files of the waiting tiers taken turn about with the others
 * from the start. Jest's order alone depends on how the last run went: after a run whose CPU-bound
 * program and host files were slowed by sharing the cores, it starts all of those together and
 * queues the waiting files behind them, leaving the cores idle at the end; taken in turns, the
 * waiting runs beside the computing throughout.
 */
class InterleavingSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const waiting = ordered.filter((test) => WAITING_TIERS.has(tierOf(test)));
    const computing = ordered.filter((test) => !WAITING_TIERS.has(tierOf(test)));
    const result = [];
    while (waiting.length > 0 || computing.length > 0) {
      if (computing.length > 0) result.push(computing.shift());
      if (waiting.length > 0) result.push(waiting.shift());
    }
    return result;
  }
}

module.exports = InterleavingSequencer;
