/**
 * Why a fleet file cannot run: every problem found, each naming the file, its line and what is
 * allowed, found before any stack is touched. The message never repeats a value of the file that
 * could be a secret.
 */
export class FleetFileError extends Error {
  override name = "FleetFileError";

  constructor(
    /** Each problem as `FILE:LINE: what is wrong; what is allowed`. */
    readonly problems: readonly string[],
  ) {
    super(problems.length === 1 ? (problems[0] ?? "") : `${problems.length} problems:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}
