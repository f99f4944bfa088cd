/**
 * Every test file gets a create journal of its own (see provider/lifecycle/create-journal.ts), in
 * a temporary directory, never the journal under the user's Pulumi home. Provider hosts the tests
 * spawn inherit it through the environment; the real CLI's projects use their own PULUMI_HOME.
 */
import { temporaryDir } from "./temp-dir";

process.env.CHATWOOT_CREATE_JOURNAL_DIR = temporaryDir("chatwoot-journal-");
