/**
 * A fleet as it runs: the fleet file resolved into its template, its backend, its installations and
 * each member with the stack config it gets (./load-fleet.ts makes it).
 */
import type { Account, SecretReference } from "./fleet-file";
import type { TemplateProject } from "./template";

/** A value of a member's stack config. */
export type StackValue =
  /** Set as it is: `text` as `pulumi config set` takes it, `object` when it is a list or a map. */
  | { kind: "plain"; text: string; object?: unknown }
  /** A secret from the run's environment variable `env`, set as a secret. */
  | { kind: "env"; env: string }
  /** A secret the stack holds already: kept. */
  | { kind: "stack" };

/** An installation of the fleet file, with its defaults applied. */
export interface FleetInstallation {
  name: string;
  /** Base URL, as given. */
  url: string;
  /** Scheme, host and port: what one rate budget covers. */
  origin: string;
  apiAccessToken: SecretReference;
  platformAccessToken?: SecretReference;
  /** Requests per minute across the whole fleet (every shard together). */
  rateLimitPerMinute: number;
  /** The line that declares it. */
  line: number;
}

/** A member of the fleet file, with the stack config its layers make. */
export interface FleetMember {
  name: string;
  /** The stack's name (the member's). */
  stack: string;
  installation: FleetInstallation;
  account: Account;
  /** The stack config the fleet file gives it, by full key (`project:key`, `chatwoot:url`), the connection included. */
  config: ReadonlyMap<string, StackValue>;
  /** Where the fleet file declares it. */
  line: number;
}

/** A checked fleet file: what a run needs of it. */
export interface Fleet {
  /** The fleet file (absolute path). */
  file: string;
  template: TemplateProject;
  /** The backend URL (a relative file:// made absolute). */
  backend: string;
  secretsProvider?: string;
  installations: ReadonlyMap<string, FleetInstallation>;
  /** In the file's order. */
  members: readonly FleetMember[];
}
