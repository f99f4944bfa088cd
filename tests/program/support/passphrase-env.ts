/**
 * The runner seals a state's secrets with a passphrase when `PULUMI_CONFIG_PASSPHRASE` (or
 * `PULUMI_CONFIG_PASSPHRASE_FILE`) is set, else with a key file beside the state file. Tests that
 * look at how secrets are kept start from neither, whatever the environment they run in.
 */
const NAMES = ["PULUMI_CONFIG_PASSPHRASE", "PULUMI_CONFIG_PASSPHRASE_FILE"];

/** Unsets the passphrase variables before each test of the file, and restores them after it. */
export function withoutPassphraseEnv(): void {
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  beforeEach(() => {
    for (const name of NAMES) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
