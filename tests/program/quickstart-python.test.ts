/**
 * examples/quickstart-python (the quickstart in Python, on the SDK generated from the plugin's
 * schema) through the real `pulumi` CLI, the Python language host (a virtual environment made from
 * the program's requirements.txt on the first run) and the checkout's native plugin, against the
 * sandbox: the same account set up end to end, with the same life as the TypeScript quickstart's
 * (./support/quickstart-spec.ts), plus `pulumi import` of a label made outside the stack.
 */
import { exampleLifecycle } from "./support/lifecycle";
import { sdkQuickstartLifecycle } from "./support/quickstart-spec";

// The first run makes the virtual environment (pip installs pulumi and the SDK).
jest.setTimeout(300_000);

exampleLifecycle(sdkQuickstartLifecycle("quickstart-python"));
