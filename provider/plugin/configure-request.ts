/**
 * Which provider a Configure request is for, whatever `@pulumi/pulumi` the plugin runs on. Engines
 * send the provider's URN and name (fields 8 and 9 of `ConfigureRequest`, since Pulumi 3.154);
 * the generated message classes of an older SDK (the packaged plugin runs on the program's own,
 * which may be 3.139) have no getters for them and drop them when they read the request. The
 * plugin's service then reads the two from the request's bytes, so that an explicit provider is
 * named (and its own inputs win over the environment) on every SDK the package supports.
 */
import type * as grpcJs from "@grpc/grpc-js";
import type * as jspb from "google-protobuf";
import * as path from "node:path";

/** The fields of `ConfigureRequest` (proto/pulumi/provider.proto) that name the provider. */
const URN_FIELD = 8;
const NAME_FIELD = 9;

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
/** The SDK's google-protobuf, whose reader reads any message's fields. */
const { BinaryReader } = require(require.resolve("google-protobuf", { paths: [pulumiDir] })) as typeof jspb;

/** The provider's URN and name in a Configure request's bytes (empty where there are none). */
function targetOf(bytes: Uint8Array): { urn: string; name: string } {
  const found = { urn: "", name: "" };
  const reader = new BinaryReader(bytes);
  while (reader.nextField() && !reader.isEndGroup()) {
    const field = reader.getFieldNumber();
    if (field === URN_FIELD) found.urn = reader.readString();
    else if (field === NAME_FIELD) found.name = reader.readString();
    else reader.skipField();
  }
  return found;
}

/** The message `getUrn` and `getName` answer on (the SDK's generated ConfigureRequest, older or newer). */
type ConfigureMessage = { getUrn?(): string | undefined; getName?(): string | undefined };

/** `service` with a Configure request that answers `getUrn` and `getName` on every SDK. */
export function withConfigureTarget(service: grpcJs.ServiceDefinition): grpcJs.ServiceDefinition {
  const configure = service.configure as grpcJs.MethodDefinition<ConfigureMessage, unknown>;
  if (!configure) return service;
  const requestDeserialize = (bytes: Buffer): ConfigureMessage => {
    const message = configure.requestDeserialize(bytes);
    if (typeof message.getUrn === "function") return message;
    const { urn, name } = targetOf(new Uint8Array(bytes));
    return Object.assign(message, { getUrn: () => urn, getName: () => name });
  };
  return { ...service, configure: { ...configure, requestDeserialize } };
}
