/**
 * The engine's Log service, which the plugin tells the user through: a plugin's own stdout and
 * stderr are hidden by the engine (kept for its debug log), while a log request on a resource's
 * URN is shown under that resource, as Pulumi's own providers' messages are.
 */
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import { grpc } from "./grpc-modules";

/** Shows `line` to the user as an info message of the resource `urn`. */
export type EngineLog = (urn: string, line: string) => Promise<void>;

/**
 * A log to the engine at `address` (the plugin's last argument). A line the engine does not take
 * is said on stderr instead, which its debug log keeps: telling is never worth failing the step.
 */
export function engineLog(address: string): EngineLog {
  let client: engrpc.EngineClient | undefined;
  return (urn, line) => {
    client ??= new engrpc.EngineClient(address, grpc.credentials.createInsecure());
    const request = new engproto.LogRequest().setSeverity(engproto.LogSeverity.INFO).setMessage(line).setUrn(urn).setEphemeral(false);
    return new Promise((resolve) =>
      client!.log(request, (err) => {
        if (err) process.stderr.write(`chatwoot: ${line}\n`);
        resolve();
      }),
    );
  };
}
