/** Errors returned by the dynamic-provider host, decoded from gRPC. */
import type { Metadata, ServiceError } from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { grpc } from "./sdk-modules";
import type { PropertyMap } from "./wire";

/**
 * A create or update that made the object but failed afterwards (`ErrorResourceInitFailed`): the
 * engine keeps such a resource in state with this id and these properties.
 */
export interface InitFailure {
  id: string;
  properties: PropertyMap;
  reasons: string[];
}

/** A failed host call, with the gRPC status the engine would see. */
export class HostError extends Error {
  /** gRPC status code (`2` = UNKNOWN for errors thrown by provider methods). */
  readonly code: number;
  /** Name of the status code, e.g. `UNKNOWN`. */
  readonly codeName: string;
  /** The status message: for provider errors, the thrown error's message. */
  readonly details: string;
  /** Present when the host packed an `ErrorResourceInitFailed` detail. */
  readonly initFailure?: InitFailure;

  constructor(method: string, err: ServiceError) {
    const codeName = grpc.status[err.code] ?? String(err.code);
    super(`${method} failed (${codeName}): ${err.details}`);
    this.name = "HostError";
    this.code = err.code;
    this.codeName = codeName;
    this.details = err.details;
    this.initFailure = decodeInitFailure(err.metadata);
  }
}

/** Reads `grpc-status-details-bin`, where the host puts a `google.rpc.Status` with typed details. */
function decodeInitFailure(metadata: Metadata | undefined): InitFailure | undefined {
  const raw = metadata?.get("grpc-status-details-bin")[0];
  if (!raw || typeof raw === "string") return undefined;
  const status = statusproto.Status.deserializeBinary(new Uint8Array(raw));
  for (const detail of status.getDetailsList()) {
    if (detail.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
    const failure = provproto.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
    return {
      id: failure.getId(),
      properties: (failure.getProperties()?.toJavaScript() ?? {}) as PropertyMap,
      reasons: failure.getReasonsList(),
    };
  }
  return undefined;
}
