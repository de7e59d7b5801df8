// Fails when package-lock.json lacks an optional dependency that a package declares. npm writes
// such a lock when the registry misses a platform package, and `npm ci` on a clean clone then
// refuses it; pin the parent (see "overrides" in package.json) to a version that is complete.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const present = new Set(Object.keys(lock.packages).map((k) => k.split('node_modules/').at(-1)));
const gaps = Object.entries(lock.packages).flatMap(([at, pkg]) =>
  Object.keys(pkg.optionalDependencies ?? {})
    .filter((dep) => !present.has(dep))
    .map((dep) => `${at || '(root)'} -> ${dep}`),
);
if (gaps.length > 0) {
  console.error(`package-lock.json misses optional dependencies:\n  ${gaps.join('\n  ')}`);
  process.exit(1);
}
console.log('package-lock.json: every optional dependency is locked');
