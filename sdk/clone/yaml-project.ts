/**
 * The files of the exported Pulumi YAML project: `Pulumi.yaml` (the program) and a README
 * (./plugin-readme.ts). Nothing in them depends on the time or the machine, so an unchanged account
 * exports byte-identical files.
 */
import type { AccountModel } from "./model";
import { pluginProjectReadme } from "./plugin-readme";
import { projectNameOf, type ProjectFiles } from "./project";
import { yamlProgramText } from "./yaml-program";

export { IMPORT_COMMANDS, SEND_CREDENTIALS } from "./plugin-readme";

/** Every file of the YAML project exported from `model`; `project` is its Pulumi project name. */
export function yamlProjectFiles(model: AccountModel, project = projectNameOf(model)): ProjectFiles {
  return {
    "Pulumi.yaml": yamlProgramText(model, project),
    "README.md": pluginProjectReadme(model, project, { language: "yaml", file: "Pulumi.yaml", kind: "Pulumi YAML program", dependencies: [] }),
  };
}
