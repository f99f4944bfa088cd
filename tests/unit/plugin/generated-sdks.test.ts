/**
 * The native plugin's Python and Go SDKs (sdk/python, sdk/go/chatwoot) are checked in: a schema
 * change without `npm run build:sdks` leaves a stale file, named here. Pulumi's generators are Go,
 * so this needs `go` on the PATH (CI has it).
 */
import { goAvailable, staleSdkFiles } from "../../../provider/build/sdks";
import { describeIf } from "../../harness/describe-if";

const noGo = { what: "Go", reason: "`go` is not on the PATH: the SDKs are written by Pulumi's generators, a Go tool (provider/build/sdkgen)." };

describeIf(goAvailable() ? undefined : noGo, "the generated SDKs", () => {
  test("sdk/python and sdk/go are what npm run build:sdks writes from the schema", () => {
    expect(staleSdkFiles()).toEqual([]);
  }, 300_000);
});
