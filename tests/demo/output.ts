/**
 * The demo's output: every line goes through a check that it holds no token the target issued (the
 * sandbox's, or the CHATWOOT_* tokens given for another server), so a bug can never print one.
 */

/** Tokens whose appearance in the output must stop the demo; refreshed after every step that can issue one. */
let knownSecrets: string[] = [];

/** Replaces the tokens to keep out of the output. */
export function setKnownSecrets(secrets: readonly string[]): void {
  knownSecrets = secrets.filter((secret) => secret.length > 0);
}

/** Prints a line on stdout, unless the text holds a token (then fails instead, without printing it). */
export function say(text = ""): void {
  if (knownSecrets.some((secret) => text.includes(secret))) {
    throw new Error("refusing to print a line that contains a token issued by the sandbox");
  }
  process.stdout.write(`${text}\n`);
}

/** "1.2 s" */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `fn` and says how long it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}
