/**
 * Token values the process has used, so that any text that came from elsewhere (a server's error
 * body, a proxy page) can be scrubbed before it reaches an error message. Errors never include
 * request headers to begin with; this is the second line of defence against a server echoing one.
 */
const known = new Set<string>();

/** Shorter values are too likely to occur in ordinary text to be replaced safely. */
const MIN_LENGTH = 8;

/** Remembers a secret value (a token) to be scrubbed from error texts. */
export function registerSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= MIN_LENGTH) known.add(value);
}

/** `text` with every registered secret replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of known) {
    if (out.includes(secret)) out = out.split(secret).join("[redacted]");
  }
  return out;
}
