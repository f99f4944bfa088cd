/**
 * What derives from the registry of types and the SDK's declarations is checked in: a change to
 * either without `npm run generate` leaves a stale file, named here.
 */
import { staleFiles } from "../../../provider/build/generate";

test("every generated file is what the registry and the declarations make (npm run generate)", () => {
  expect(staleFiles()).toEqual([]);
}, 60_000);
