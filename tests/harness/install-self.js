// Installs the freshly built package into this checkout's node_modules/pulumi-chatwoot (a copy,
// not a symlink: Node resolves symlinks to their real path), so that the examples, the demo and the
// host tests load it by name exactly as in a user's project, and Pulumi serializes the shims as
// `require("pulumi-chatwoot/...")` references. Run by `npm run build`.
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..", "..");
const target = path.join(root, "node_modules", "pulumi-chatwoot");
fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(path.join(target, "dist"), { recursive: true });
fs.copyFileSync(path.join(root, "package.json"), path.join(target, "package.json"));
// tsc writes files without the executable bit; npm sets it on a package's bin when installing one,
// and `npx pulumi-chatwoot` in this checkout runs the checkout's own bin, which needs it too.
const manifest = require(path.join(root, "package.json"));
for (const bin of Object.values(manifest.bin ?? {})) fs.chmodSync(path.join(root, bin), 0o755);
for (const dir of ["provider", "sdk"]) {
  fs.cpSync(path.join(root, "dist", dir), path.join(target, "dist", dir), { recursive: true });
}
// The plugin's launcher, which a project's Pulumi.yaml names (`plugins: providers:`), as the package ships it.
for (const file of manifest.files.filter((f) => !f.startsWith("dist/"))) {
  fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
  fs.copyFileSync(path.join(root, file), path.join(target, file));
}
