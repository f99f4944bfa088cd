/**
 * The files of the exported Pulumi Python project: `Pulumi.yaml` (the Python runtime with the pip
 * toolchain and a virtual environment, as Pulumi's Python templates have it), `requirements.txt`
 * (Pulumi's SDK and pulumi-chatwoot's generated one), `__main__.py` (the program) and a README
 * (./plugin-readme.ts). Nothing in them depends on the time or the machine, so an unchanged
 * account exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { ownPackage } from "./own-package";
import { pluginProjectReadme } from "./plugin-readme";
import { projectDescription, projectNameOf, templateConfigLines, type ProjectFiles } from "./project";
import { yamlSettings } from "./yaml-settings";
import { pythonProgramText } from "./python-program";

/** The Pulumi SDK versions the generated Python SDK accepts. */
const PULUMI_REQUIREMENT = "pulumi>=3.139.0,<4.0.0";

/** What requirements.txt gives for the generated SDK by default: its release of this version. */
export const defaultPythonRequirement = (): string => `pulumi-chatwoot==${ownPackage().manifest.version}`;

/**
 * Every file of the Python project exported from `model`: `project` is its Pulumi project name,
 * `requirement` the line of requirements.txt that installs the generated SDK (a pip requirement:
 * `pulumi-chatwoot==0.1.0`, or a path such as `../pulumi-chatwoot/sdk/python`).
 */
export function pythonProjectFiles(model: AccountModel, project = projectNameOf(model), requirement = defaultPythonRequirement()): ProjectFiles {
  return {
    "Pulumi.yaml": [
      `name: ${project}`,
      `description: ${projectDescription(model)}`,
      "runtime:",
      "  name: python",
      "  options:",
      "    toolchain: pip",
      "    virtualenv: venv",
      ...templateConfigLines(model, yamlSettings(model, { blank: true })),
      "",
    ].join("\n"),
    "requirements.txt": `${PULUMI_REQUIREMENT}\n${requirement}\n`,
    "__main__.py": pythonProgramText(model),
    "README.md": pluginProjectReadme(model, project, {
      language: "python",
      file: "__main__.py",
      kind: "Pulumi Python program",
      dependencies: [
        "## The Python packages",
        "",
        `\`requirements.txt\` names Pulumi's Python SDK and pulumi-chatwoot's (\`${requirement}\`), generated from the`,
        "plugin's schema; where it is not on PyPI, export with `--package` naming a checkout's `sdk/python`",
        "(`--package ../pulumi-chatwoot/sdk/python`). The first `pulumi up` (or `pulumi install`) makes the",
        "virtual environment `venv` and installs them into it.",
      ],
    }),
  };
}
