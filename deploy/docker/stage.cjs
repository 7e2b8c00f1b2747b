#!/usr/bin/env node
"use strict";
/**
 * Copies what one service needs at run time into an output folder that becomes the image's /app:
 *
 *   node deploy/docker/stage.cjs <service> <out-dir>
 *
 * Run from the repository root after `npm ci`, the build and `npm prune --omit=dev` (the Dockerfile's
 * build stage). It copies the npm packages that `npm ls --omit=dev` lists for services/<service>
 * (workspace packages as their package.json and dist/ only, behind the same node_modules links),
 * the shared health check, and the service's assets: the built web app and the seed law files.
 * Packages npm installed under a workspace rather than at the root (services/auth/node_modules/jose)
 * are copied to the same place, where Node resolves them from that workspace's code.
 * The result is laid out like the repository, so `node services/<service>/dist/main.js` runs from it.
 */
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

/**
 * Files a service reads at run time besides its code (relative to the repository root). auth and
 * accounts need none: auth writes its keys and database to DATA_DIR, its mail templates and dev
 * mailbox page are in its code.
 */
const ASSETS = {
  gateway: ["web/dist"],
  knowledge: ["data/laws"],
  "all-in-one": ["web/dist", "data/laws"],
};

function fail(message) {
  process.stderr.write(`stage: ${message}\n`);
  process.exit(1);
}

const [service, outArgument] = process.argv.slice(2);
const root = process.cwd();
const services = fs.readdirSync(path.join(root, "services")).filter((name) => fs.existsSync(path.join(root, "services", name, "package.json")));
if (!service || !outArgument) fail("usage: node deploy/docker/stage.cjs <service> <out-dir>");
if (!services.includes(service)) fail(`unknown service "${service}"; one of: ${services.join(", ")}`);
const out = path.resolve(outArgument);
fs.rmSync(out, { recursive: true, force: true });

function copy(relative, filter = () => true) {
  const from = path.join(root, relative);
  if (!fs.existsSync(from)) fail(`${relative} is missing; did the build run?`);
  fs.cpSync(from, path.join(out, relative), { recursive: true, verbatimSymlinks: true, filter: (source) => filter(source) });
}

/** Native addons need their compiled .node files, not their C sources or intermediate objects. */
function runtimeFilesOnly(packageDir) {
  if (!fs.existsSync(path.join(packageDir, "binding.gyp"))) return () => true;
  const skipped = ["deps", "src", "build/deps"].map((dir) => path.join(packageDir, dir));
  const build = path.join(packageDir, "build");
  return (source) => {
    if (skipped.some((dir) => source === dir || source.startsWith(dir + path.sep))) return false;
    if (!source.startsWith(build + path.sep)) return true;
    const stat = fs.statSync(source);
    return stat.isDirectory() ? !/^obj|^\.deps$/.test(path.basename(source)) : source.endsWith(".node") && !source.endsWith("test_extension.node");
  };
}

const listed = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable", "--workspace", `services/${service}`], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\n")
  .filter(Boolean)
  .map((entry) => path.relative(root, entry))
  .filter((relative) => relative !== "")
  .sort();

const copied = [];
for (const relative of listed) {
  if (copied.some((parent) => relative.startsWith(parent + path.sep))) continue; // came with its parent
  const absolute = path.join(root, relative);
  if (fs.lstatSync(absolute).isSymbolicLink()) {
    // A workspace package (node_modules/@qai/x -> ../../packages/x): the link, its manifest, its build and its data.
    const target = path.relative(root, fs.realpathSync(absolute));
    copy(relative);
    copy(path.join(target, "package.json"));
    copy(path.join(target, "dist"));
    if (fs.existsSync(path.join(root, target, "data"))) copy(path.join(target, "data"));
  } else {
    copy(relative, runtimeFilesOnly(absolute));
    copied.push(relative);
  }
}
for (const asset of ASSETS[service] ?? []) copy(asset);
fs.copyFileSync(path.join(__dirname, "healthcheck.cjs"), path.join(out, "healthcheck.cjs"));

const packages = listed.filter((relative) => relative.split(path.sep).includes("node_modules")).length;
process.stdout.write(`stage: ${service} -> ${out} (${packages} packages${ASSETS[service] ? `, ${ASSETS[service].join(", ")}` : ""})\n`);
