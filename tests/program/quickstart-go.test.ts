/**
 * examples/quickstart-go (the quickstart in Go, on the SDK generated from the plugin's
 * schema) through the real `pulumi` CLI, the Go language host (which builds the program with
 * `go build` on every run, as Pulumi's does) and the checkout's native plugin, against the
 * sandbox: the same account set up end to end, with the same life as the TypeScript quickstart's
 * (./support/quickstart-spec.ts), plus `pulumi import` of a label made outside the stack.
 */
import { exampleLifecycle } from "./support/lifecycle";
import { sdkQuickstartLifecycle } from "./support/quickstart-spec";

// The first build compiles the Pulumi Go SDK and the generated one, unless Go's build cache has them.
jest.setTimeout(300_000);

exampleLifecycle(sdkQuickstartLifecycle("quickstart-go"));
