import { randomBytes } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A 24-character base58 token, like Rails' `has_secure_token`. */
function secureToken(): string {
  let token = "";
  for (const byte of randomBytes(24)) token += BASE58[byte % 58];
  return token;
}

/**
 * Every secret this sandbox process hands out. Fixture entities get one token per key for the
 * life of the process, so a reset restores the same tokens; tokens of objects created through
 * the API are fresh each time. All of them are remembered, so tests can search any output for
 * any token the sandbox ever issued.
 */
export class SecretBook {
  private readonly stableTokens = new Map<string, string>();
  private readonly issued = new Set<string>();

  /**
   * The token of a fixture entity, e.g. "user:1" or "inbox-website:3". `secret: false` is for
   * generated identifiers that are not credentials (an API inbox's identifier).
   */
  stable(key: string, secret = true): string {
    let token = this.stableTokens.get(key);
    if (token === undefined) {
      token = secret ? this.fresh() : secureToken();
      this.stableTokens.set(key, token);
    }
    return token;
  }

  /** A new token for an object created at run time. */
  fresh(): string {
    const token = secureToken();
    this.issued.add(token);
    return token;
  }

  /**
   * Remembers a credential a client sent (an inbox's IMAP password, a bot token): not issued here,
   * but searched for all the same, so that a leak of what a program sent is found too.
   */
  received(value: string): void {
    if (value !== "") this.issued.add(value);
  }

  /** Every secret issued (or received) so far. */
  all(): string[] {
    return [...this.issued];
  }
}
