/**
 * How the offline runner keeps secrets in its state file: the way Pulumi's passphrase secrets
 * provider does, encrypted at rest with a key that is not in the file. Each secret value is sealed
 * with AES-256-GCM under a fresh 96-bit nonce and stored in Pulumi's checkpoint form,
 * `{ "<sig>": "<secret sig>", "ciphertext": "v1:<nonce>:<ciphertext and tag>" }` (base64).
 *
 * The key comes from one of two places, chosen when the stack first runs and recorded in the state:
 * - a passphrase, from the `secretsPassphrase` option or `PULUMI_CONFIG_PASSPHRASE` /
 *   `PULUMI_CONFIG_PASSPHRASE_FILE` as for `pulumi up`: the key is scrypt(passphrase, salt), the
 *   salt is kept in the state (it is not secret), and the same passphrase is needed on every run;
 * - otherwise a random key in a file next to the state file, `<state file>.key` (mode 0600), made
 *   with the state. It protects a state file that is shared, printed or attached without its key:
 *   keep the key file out of version control, or use a passphrase.
 * The state also holds a sealed check value, so a wrong passphrase or key file fails with a clear
 * message before any step runs.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import * as fs from "node:fs";
import { z } from "zod";
import { SECRET_SIG, SIG_KEY } from "./wire";

/** Which key seals the state's secrets; stored in the state file. */
export const SecretsSettings = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("passphrase"),
    /** scrypt salt, base64. */
    salt: z.string(),
    /** A known text sealed with the key. */
    check: z.string(),
  }),
  z.object({ kind: z.literal("key-file"), check: z.string() }),
]);
export type SecretsSettings = z.infer<typeof SecretsSettings>;

/** A secret value as the state file holds it. */
export interface SealedValue {
  [SIG_KEY]: typeof SECRET_SIG;
  ciphertext: string;
}

/** True for a sealed value of the state file. */
export function isSealed(value: unknown): value is SealedValue {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG && typeof (value as Record<string, unknown>).ciphertext === "string";
}

const CHECK_TEXT = "pulumi-chatwoot offline runner state";
const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The passphrase of a stack: an explicit one, else Pulumi's own environment variables. */
export function passphraseFrom(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (explicit !== undefined) return explicit;
  if (env.PULUMI_CONFIG_PASSPHRASE !== undefined && env.PULUMI_CONFIG_PASSPHRASE !== "") return env.PULUMI_CONFIG_PASSPHRASE;
  if (env.PULUMI_CONFIG_PASSPHRASE_FILE) return fs.readFileSync(env.PULUMI_CONFIG_PASSPHRASE_FILE, "utf8").replace(/\r?\n$/, "");
  return undefined;
}

/** The key file of a state file. */
export const keyFileOf = (statePath: string) => `${statePath}.key`;

/** Seals and opens the secrets of one stack's state. */
export class StateSecrets {
  private constructor(
    private readonly key: Buffer,
    /** What the state records about the key. */
    readonly settings: SecretsSettings,
    /** A key file made for a new stack, written with the state's first save. */
    private pendingKeyFile?: string,
  ) {}

  /** A new key for a stack that has never run: from the passphrase when there is one, else a key file. */
  static forNewStack(statePath: string, passphrase: string | undefined): StateSecrets {
    if (passphrase !== undefined) {
      const salt = randomBytes(16);
      const key = scryptSync(passphrase, salt, 32);
      return new StateSecrets(key, { kind: "passphrase", salt: salt.toString("base64"), check: sealWith(key, CHECK_TEXT) });
    }
    // A key file left by an earlier stack at this path (its state removed to start over) is reused.
    const file = keyFileOf(statePath);
    if (fs.existsSync(file)) {
      const key = readKeyFile(file);
      return new StateSecrets(key, { kind: "key-file", check: sealWith(key, CHECK_TEXT) });
    }
    const key = randomBytes(32);
    return new StateSecrets(key, { kind: "key-file", check: sealWith(key, CHECK_TEXT) }, file);
  }

  /** The key an existing state was sealed with; fails, naming what to provide, when it is missing or wrong. */
  static forState(statePath: string, settings: SecretsSettings, passphrase: string | undefined): StateSecrets {
    let key: Buffer;
    let source: string;
    if (settings.kind === "passphrase") {
      if (passphrase === undefined) {
        throw new Error(`the secrets in ${statePath} are encrypted with a passphrase: set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE)`);
      }
      key = scryptSync(passphrase, Buffer.from(settings.salt, "base64"), 32);
      source = "the passphrase (PULUMI_CONFIG_PASSPHRASE)";
    } else {
      const file = keyFileOf(statePath);
      if (!fs.existsSync(file)) throw new Error(`the secrets in ${statePath} are encrypted with the key in ${file}, which is missing`);
      key = readKeyFile(file);
      source = `the key in ${file}`;
    }
    let check: unknown;
    try {
      check = openWith(key, settings.check);
    } catch {
      check = undefined;
    }
    if (check !== CHECK_TEXT) throw new Error(`cannot decrypt the secrets in ${statePath}: ${source} is not the one they were encrypted with`);
    return new StateSecrets(key, settings);
  }

  /** Encrypts a value (any JSON) into its state form. */
  seal(value: unknown): SealedValue {
    return { [SIG_KEY]: SECRET_SIG, ciphertext: sealWith(this.key, JSON.stringify(value)) };
  }

  /** Decrypts a sealed value. */
  open(sealed: SealedValue): unknown {
    return JSON.parse(openWith(this.key, sealed.ciphertext));
  }

  /** Writes the key file of a new stack (once, before the first state that needs it). */
  persist(): void {
    if (!this.pendingKeyFile) return;
    fs.writeFileSync(this.pendingKeyFile, `${this.key.toString("hex")}\n`, { mode: 0o600 });
    this.pendingKeyFile = undefined;
  }
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
  if (key.length !== 32) throw new Error(`${file} is not a key file of this runner (64 hex digits)`);
  return key;
}

function sealWith(key: Buffer, text: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${nonce.toString("base64")}:${data.toString("base64")}`;
}

function openWith(key: Buffer, ciphertext: string): string {
  const [version, nonce, data] = ciphertext.split(":");
  if (version !== VERSION || nonce === undefined || data === undefined) throw new Error("not a sealed value of this runner");
  const bytes = Buffer.from(data, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
}
