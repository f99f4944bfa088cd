/**
 * The gRPC and protobuf modules exactly as `@pulumi/pulumi` resolves them: the generated messages
 * only accept Structs of their own google-protobuf copy, and grpc-js checks its own classes, so a
 * second copy elsewhere in node_modules would break the server.
 */
import * as path from "node:path";
import type * as grpcJs from "@grpc/grpc-js";
import type * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as structPb from "google-protobuf/google/protobuf/struct_pb";
import type * as anyPb from "google-protobuf/google/protobuf/any_pb";

const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromPulumi = <T>(id: string): T => require(require.resolve(id, { paths: [pulumiDir] })) as T;

/** `@grpc/grpc-js` as the SDK sees it. */
export const grpc = fromPulumi<typeof grpcJs>("@grpc/grpc-js");
/** `google.protobuf.Struct` of the SDK's google-protobuf. */
export const { Struct } = fromPulumi<typeof structPb>("google-protobuf/google/protobuf/struct_pb");
/** `google.protobuf.Empty` of the SDK's google-protobuf. */
export const { Empty } = fromPulumi<typeof emptyPb>("google-protobuf/google/protobuf/empty_pb");
/** `google.protobuf.Any` of the SDK's google-protobuf. */
export const { Any } = fromPulumi<typeof anyPb>("google-protobuf/google/protobuf/any_pb");
