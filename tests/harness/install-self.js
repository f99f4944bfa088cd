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
for (const dir of ["provider", "sdk"]) {
  fs.cpSync(path.join(root, "dist", dir), path.join(target, "dist", dir), { recursive: true });
}
