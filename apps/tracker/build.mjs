// Bundles the tracker into dist/main.js: workspace packages inlined, npm packages external
// (the native Bluetooth and USB modules must stay loadable at run time).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const deps = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})];
const external = deps.filter((d) => !d.startsWith('@ridealong/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
