/**
 * The tools a Captain scenario's instruction references (enterprise/app/models/concerns/captain_tools_helpers.rb
 * at fd5ac2a8a, `TOOL_REFERENCE_REGEX`: `[label](tool://id)`), which the state also reads for the
 * fixture's scenarios.
 */
const TOOL_REFERENCE = /\[[^\]]+\]\(tool:\/\/([^/)]+)\)/g;

/** The tool ids an instruction references, in order, each once. */
export function toolReferences(instruction: string): string[] {
  return [...new Set([...instruction.matchAll(TOOL_REFERENCE)].map((m) => m[1] as string))];
}
