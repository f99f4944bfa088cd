/** Every resource case through the dynamic front door (see ./support/resource-suite.ts). */
import { resourceSuite } from "./support/resource-suite";

resourceSuite("dynamic");
