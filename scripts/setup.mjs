// Shared steps of `npm start` and `npm test`: check Node, install what is missing, build.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function fail(message) {
  console.error(`\n✗ ${message}\n`);
  process.exit(1);
}

export function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) fail(`${cmd} could not start: ${r.error.message}`);
  return r.status ?? 1;
}

export function runOrFail(cmd, args, what, opts) {
  if (run(cmd, args, opts) !== 0) fail(`${what} failed (see above).`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(
      `Node ${process.versions.node} is too old: RideAlong needs Node 20.19 or newer (22 and 24 work too).`,
    );
  }
}

/** npm packages: installed when node_modules is missing or older than the lockfile. */
export function ensureNpmPackages() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // Electron's binary is for release machines (docs/desktop.md); here only its types are used.
  // package.json's allowScripts denies its download on npm 11; the variable covers older npm.
  runOrFail('npm', ['ci', '--no-audit', '--no-fund'], 'Installing npm packages', {
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
}

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/** A Debian package (chromium, ffmpeg), installed with apt-get when we are root on Debian. */
export function ensureSystemPackage(bin, debianPackage, { required, why }) {
  if (has(bin)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get')) {
    console.log(`\n${bin} is missing: installing the Debian package '${debianPackage}' (${why}).`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', debianPackage], { env }) === 0 &&
      has(bin)
    ) {
      return true;
    }
  }
  const message = `${bin} is not installed and could not be installed here (${why}). Install it with your system's package manager, e.g. 'sudo apt-get install ${debianPackage}' on Debian or Ubuntu, 'brew install ${debianPackage}' on macOS.`;
  if (required) fail(message);
  console.warn(`\n! ${message}`);
  return false;
}

export function build() {
  runOrFail('npm', ['run', 'build'], 'Building');
}
