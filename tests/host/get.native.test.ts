/** `X.get` of every type through the native plugin (see ./support/get-suite.ts). */
import { getSuite } from "./support/get-suite";

getSuite("native");
