/**
 * The plugin tells which provider a Configure request is for on every SDK it may run on: an engine
 * sends the provider's URN and name (fields 8 and 9, since Pulumi 3.154), which the generated
 * messages of `@pulumi/pulumi` 3.139 (the lowest the package supports, a program's own copy) have
 * no getters for. A request made with this checkout's SDK is read through each SDK's service.
 */
import * as path from "node:path";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { withConfigureTarget } from "../../../provider/plugin/configure-request";
import { explicitProviderName } from "../../../provider/plugin/provider-config";

const SDKS = {
  "3.139.0": path.dirname(require.resolve("@pulumi/pulumi-3.139/package.json")),
  "3.248.0": path.dirname(require.resolve("@pulumi/pulumi/package.json")),
};

/** A Configure request as an engine sends it, in bytes. */
function requestBytes(urn: string, name: string): Buffer {
  const req = new provproto.ConfigureRequest().setAcceptsecrets(true).setUrn(urn).setName(name);
  return Buffer.from(req.serializeBinary());
}

const EXPLICIT = "urn:pulumi:dev::desk::pulumi:providers:chatwoot::staging";
const DEFAULT = "urn:pulumi:dev::desk::pulumi:providers:chatwoot::default_0_1_0";

describe.each(Object.entries(SDKS))("on @pulumi/pulumi %s", (version, dir) => {
  const { ResourceProviderService } = require(path.join(dir, "proto", "provider_grpc_pb.js")) as { ResourceProviderService: Parameters<typeof withConfigureTarget>[0] };
  const read = withConfigureTarget(ResourceProviderService).configure!.requestDeserialize as (bytes: Buffer) => { getUrn(): string; getName(): string; getAcceptsecrets(): boolean };

  test.each([
    [EXPLICIT, "staging", "staging"],
    [DEFAULT, "default_0_1_0", undefined],
  ])("a request for %s names provider %s", (urn, name, explicit) => {
    const req = read(requestBytes(urn, name));
    expect({ version, urn: req.getUrn(), name: req.getName(), acceptSecrets: req.getAcceptsecrets() }).toEqual({ version, urn, name, acceptSecrets: true });
    expect(explicitProviderName(req)).toBe(explicit);
  });
});

test("the lowest SDK's generated request has no getters of its own for the provider (what the reading is for)", () => {
  const { ConfigureRequest } = require(path.join(SDKS["3.139.0"], "proto", "provider_pb.js")) as { ConfigureRequest: { prototype: object } };
  expect(["getUrn", "getName"].filter((m) => m in ConfigureRequest.prototype)).toEqual([]);
});
