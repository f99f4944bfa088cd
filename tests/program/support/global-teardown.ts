/** Global teardown of the program tier: stops the PostgreSQL server the global setup started. */
import type { PostgresServer } from "../../harness/postgres";
import { POSTGRES_KEY } from "./global-setup";

export default async function tearDownProgramTier(): Promise<void> {
  const holder = globalThis as Record<symbol, PostgresServer | undefined>;
  await holder[POSTGRES_KEY]?.stop();
  holder[POSTGRES_KEY] = undefined;
}
