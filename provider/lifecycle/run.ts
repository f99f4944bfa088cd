import { randomUUID } from "node:crypto";

/**
 * This process's Pulumi run. The engine starts a provider for one command (`pulumi up`, `preview`,
 * `destroy`) and ends it after, so what the provider learns while it runs (the collections its
 * creates listed, the marks on its own create-journal notes) belongs to that run alone.
 */
let current = randomUUID();

/** The run's id: it marks the create-journal notes this run writes, and what the run keeps for itself. */
export function runId(): string {
  return current;
}

/** For tests: start over as a new run (a new process) would, with the create journal as it is on disk. */
export function startNewRun(): void {
  current = randomUUID();
}
