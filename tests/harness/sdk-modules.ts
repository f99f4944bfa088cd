/**
 * The gRPC and protobuf modules exactly as `@pulumi/pulumi` resolves them. grpc-js checks
 * `instanceof ChannelCredentials`, and generated messages only accept Structs from their own
 * google-protobuf copy, so a second copy elsewhere in node_modules would break the calls.
 */
import * as path from "node:path";
import type * as grpcJs from "@grpc/grpc-js";
import type * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as structPb from "google-protobuf/google/protobuf/struct_pb";

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromPulumi = <T>(id: string): T => require(require.resolve(id, { paths: [pulumiDir] })) as T;

/** `@grpc/grpc-js` as the SDK sees it. */
export const grpc = fromPulumi<typeof grpcJs>("@grpc/grpc-js");
/** `google.protobuf.Struct` from the SDK's google-protobuf. */
export const { Struct } = fromPulumi<typeof structPb>("google-protobuf/google/protobuf/struct_pb");
/** `google.protobuf.Empty` from the SDK's google-protobuf. */
export const { Empty } = fromPulumi<typeof emptyPb>("google-protobuf/google/protobuf/empty_pb");

/** Absolute path of the dynamic-provider host entry point the engine would launch. */
export const dynamicProviderHostScript = require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js");

/** Absolute path of the native plugin's entry point in this checkout's build (`pulumi-resource-chatwoot`). */
export const nativePluginScript = path.join(__dirname, "../../dist/provider/plugin/main.js");
