/**
 * The export benchmark's account (tests/bench/support/export-fixture.ts) exported as the benchmark
 * exports it, against the sandbox in this process: every kind the export covers is read with as many
 * objects as the seed holds (a kind the export stops reading, or one the seed stops holding, fails
 * here before it fails the benchmark), with exactly the requests the benchmark counts as needed.
 */
import { closeApiClients } from "../../../provider/http/transport/origins";
import { readAccount } from "../../../sdk/clone/account";
import { buildModel } from "../../../sdk/clone/model";
import { RESOURCE_TYPES, type TypeName } from "../../../sdk/clone/resource-types";
import { clientFor, SOURCE_NAMES } from "../../../sdk/cli/clone-options";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";
import { exportSeed } from "../../bench/support/export-fixture";

/** The kinds the seed has none of, each for a reason its comment gives. */
const NONE_SEEDED: TypeName[] = ["InboxCsatTemplate"];

let sandbox: Sandbox;
afterAll(async () => {
  await closeApiClients();
  await sandbox?.close();
});

test.each([60, 300])("with %d objects, every kind is exported as often as the seed holds it, in the requests the benchmark counts", async (objects) => {
  const seed = exportSeed(objects);
  await sandbox?.close();
  sandbox = await startSandbox({ fixture: seed.fixture });
  const account = sandbox.info.accounts[0];
  const { client } = clientFor({ url: sandbox.url, urlFlag: "--url", names: SOURCE_NAMES, apiAccessToken: account?.adminToken, platformAccessToken: sandbox.info.platformTokens[0], platform: true });
  const model = buildModel(await readAccount(client, 1, { types: new Set(RESOURCE_TYPES.map((t) => t.sdkClass)), platform: true }));

  const exported = Object.fromEntries(RESOURCE_TYPES.map((t) => [t.sdkClass, model.objects.filter((o) => o.type === t.sdkClass).length]));
  expect(exported).toEqual(seed.expected);
  const empty = RESOURCE_TYPES.map((t) => t.sdkClass).filter((type) => seed.expected[type] === 0);
  expect(empty).toEqual(NONE_SEEDED);
  expect(sandbox.control.log()).toHaveLength(seed.neededRequests);
});
