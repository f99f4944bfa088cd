/** `X.get` of every type through Pulumi's dynamic-provider host (see ./support/get-suite.ts). */
import { getSuite } from "./support/get-suite";

getSuite("dynamic");
