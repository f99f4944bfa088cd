/**
 * `npm run setup:pulumi`: puts the real Pulumi CLI and its plugins in `.pulumi-cli/bin`, and
 * Pulumi's YAML language host beside them (see ./install.ts). Prints the CLI's path on stdout,
 * progress on stderr.
 *
 *   npm run setup:pulumi                 fails (exit 1) when this machine can get no CLI
 *   npm run setup:pulumi -- --optional   says so loudly instead and exits 0, unless CI=true
 *
 * Without the YAML host or the stand-in hosts' Go half (no Go to build them) it says so loudly and
 * still succeeds: only Pulumi YAML programs need the one, code generation and `pulumi install` the other. Likewise for what the Python and Go language hosts need (./sdk-toolchains.ts).
 */
import { ensureLanguageTools, ensurePulumiCli, ensureYamlHost } from "./install";
import { ensureGoToolchain, ensurePythonToolchain } from "./sdk-toolchains";

async function main(): Promise<void> {
  const optional = process.argv.includes("--optional");
  const cli = await ensurePulumiCli();
  if (cli.found) {
    process.stderr.write(`Pulumi CLI ${cli.version} (${cli.source}): ${cli.pulumi}\n`);
    const tools = await ensureLanguageTools();
    if (tools?.found) process.stderr.write(`Stand-in language hosts' Go half (${tools.source}): ${tools.tools}\n`);
    else if (tools) process.stderr.write(`WARNING: ${tools.reason}\n`);
    const yaml = await ensureYamlHost();
    if (yaml.found) process.stderr.write(`Pulumi YAML language host ${yaml.version ?? "(version not recorded)"} (${yaml.source}): ${yaml.host}\n`);
    else process.stderr.write(`WARNING: ${yaml.reason}\n`);
    for (const [language, ensure] of [["Python", ensurePythonToolchain], ["Go", ensureGoToolchain]] as const) {
      // A failure (no network to PyPI or the module proxy, say) leaves the caches cold: the tests of that language say why.
      const toolchain = await ensure().catch((err: unknown) => ({ ready: false as const, reason: `${language} programs' caches were not filled: ${err instanceof Error ? err.message : String(err)}` }));
      if (toolchain.ready) process.stderr.write(`${language} programs: ${toolchain.what}, its caches ready\n`);
      else process.stderr.write(`WARNING: ${toolchain.reason}\n`);
    }
    process.stdout.write(`${cli.pulumi}\n`);
    return;
  }
  const fatal = !optional || process.env.CI === "true";
  process.stderr.write(`${fatal ? "error" : "WARNING"}: ${cli.reason}${fatal ? "" : " The real-engine tests will be skipped."}\n`);
  if (fatal) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
