/** Every resource case through the native front door (see ./support/resource-suite.ts). */
import { resourceSuite } from "./support/resource-suite";

resourceSuite("native");
