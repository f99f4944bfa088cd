/**
 * Cloning an account in Python (./support/clone-sdk.ts): the project `export --language python`
 * writes runs under the Python language host, which makes its virtual environment from
 * requirements.txt (Pulumi's SDK from PyPI, this checkout's sdk/python) on the first run.
 */
import * as path from "node:path";
import { REPO_ROOT } from "../pulumi-cli/install";
import { sdkCloneTests } from "./support/clone-sdk";

jest.setTimeout(300_000);

const SDK = path.join(REPO_ROOT, "sdk", "python");

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
