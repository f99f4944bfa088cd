/**
 * A PostgreSQL 15 server for the tests of Pulumi's `postgres://` backend: initialised in a
 * temporary data directory, listening on a free loopback port (and a socket in that directory),
 * with a user of its own whose password is random and given only through `PGPASSWORD`, as a user
 * of the backend keeps it out of the URL; stopped and deleted after. PostgreSQL refuses to run as
 * root, so under root its commands run as the `postgres` user.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./shell-block";

const run = promisify(execFile);

/** Where the server's programs are (PostgreSQL 15 as Debian installs it). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PostgresServer {
  /** The backend URL, without the password: `postgres://fleet@127.0.0.1:PORT/postgres?sslmode=disable`. */
  url: string;
  /** The user's password, for `PGPASSWORD`. */
  password: string;
  port: number;
  stop(): Promise<void>;
}

/** Why the server cannot start on this machine, or `undefined` when it can. */
export function postgresMissing(): string | undefined {
  return fs.existsSync(path.join(POSTGRES_BIN, "initdb")) && fs.existsSync(path.join(POSTGRES_BIN, "pg_ctl"))
    ? undefined
    : `no PostgreSQL server programs in ${POSTGRES_BIN} (initdb, pg_ctl): install PostgreSQL 15, or set POSTGRES_BIN`;
}

/** Runs a server program: as the `postgres` user under root. */
async function pg(program: string, args: string[]): Promise<void> {
  const command = path.join(POSTGRES_BIN, program);
  const [file, argv] = process.getuid?.() === 0 ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

export async function startPostgres(): Promise<PostgresServer> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-postgres-"));
  const data = path.join(dir, "data");
  const password = randomBytes(18).toString("hex");
  const pwfile = path.join(dir, "password");
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    fs.chownSync(dir, Number(stdout), Number(gid));
    fs.chownSync(pwfile, Number(stdout), Number(gid));
  }
  await pg("initdb", ["-D", data, "-U", "fleet", "--auth=scram-sha-256", `--pwfile=${pwfile}`, "-E", "UTF8", "--no-instructions"]);
  fs.rmSync(pwfile);
  const port = await freePort();
  await pg("pg_ctl", ["-D", data, "-o", `-h 127.0.0.1 -p ${port} -k ${dir}`, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  return {
    url: `postgres://fleet@127.0.0.1:${port}/postgres?sslmode=disable`,
    password,
    port,
    stop: async () => {
      try {
        await pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
