/**
 * Cloning an account in Python (./support/clone-sdk.ts): the project `export --language python`
 * writes runs under the Python language host, which makes its virtual environment from
 * requirements.txt (Pulumi's SDK from PyPI, a copy of this checkout's sdk/python, which pip builds
 * in place) on the first run.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pythonSdkCopy } from "../harness/pulumi-cli";
import { sdkCloneTests } from "./support/clone-sdk";

jest.setTimeout(300_000);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-sdk-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const SDK = pythonSdkCopy(work);

sdkCloneTests({
  language: "python",
  files: ["Pulumi.yaml", "requirements.txt", "__main__.py", "README.md"],
  program: "__main__.py",
  sdk: SDK,
  checkFiles(files) {
    expect(files["Pulumi.yaml"]).toMatch(/^runtime:\n {2}name: python\n/m);
    expect(files["requirements.txt"]).toBe(`pulumi>=3.139.0,<4.0.0\n${SDK}\n`);
    expect(files["__main__.py"]).toContain("    adopt_id=inbox_acme_support_email_id,\n");
  },
});
