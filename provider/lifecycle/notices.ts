import { AsyncLocalStorage } from "node:async_hooks";

/** Shows one line to the user, about the resource whose step is under way. */
export type NoticeSink = (line: string) => void | Promise<void>;

const sinks = new AsyncLocalStorage<NoticeSink>();

/**
 * Runs a lifecycle step with the front door's way of telling the user what it did: the plugin logs
 * through the engine's Log service, on the resource's URN; the dynamic shims write to the
 * provider's stdout, which Pulumi shows for a dynamic provider as an info line. Without one (the
 * lifecycle called by itself) notices go nowhere.
 */
export function showingNotices<T>(sink: NoticeSink, step: () => Promise<T>): Promise<T> {
  return sinks.run(sink, step);
}

/** Tells the user what the step under way did, where its front door shows it (see {@link showingNotices}). */
export async function notice(line: string): Promise<void> {
  await sinks.getStore()?.(line);
}

/** The dynamic-provider host's way: a line on its stdout (after the port it printed first), which the engine shows. */
export const onStdout: NoticeSink = (line) => {
  process.stdout.write(`${line}\n`);
};
