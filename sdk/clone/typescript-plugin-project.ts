/**
 * The files of the exported TypeScript project on the plugin (`export --plugin`): those of the
 * TypeScript project (./project.ts), its `Pulumi.yaml` putting every resource on the plugin the
 * package carries, and the README of the projects on the plugin (./plugin-readme.ts), which adopt
 * the account they came from with `pulumi import --file`.
 */
import type { AccountModel } from "./model";
import { pluginProjectReadme } from "./plugin-readme";
import { bundledDependency, installNote, projectFiles, projectNameOf, type ProjectFiles } from "./project";

/** Every file of the project on the plugin exported from `model` but the package's tarball (see {@link projectFiles}). */
export function typescriptPluginProjectFiles(model: AccountModel, project = projectNameOf(model), dependency = bundledDependency()): ProjectFiles {
  return {
    ...projectFiles(model, project, dependency, "plugin"),
    "README.md": pluginProjectReadme(model, project, {
      language: "typescript",
      flags: "--plugin",
      file: "index.ts",
      kind: "Pulumi program on pulumi-chatwoot's plugin",
      plugin: [
        "The program's resources are those of pulumi-chatwoot's provider plugin, which the package carries:",
        "`Pulumi.yaml` names it (`plugins:`) and puts every resource on it (`chatwoot:usePlugin: true`), so",
        "there is nothing to install but the package.",
      ],
      dependencies: ["## The package", "", "```bash", "npm install", "```", "", ...installNote(dependency)],
    }),
  };
}
