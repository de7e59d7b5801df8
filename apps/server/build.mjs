// Bundles the server into dist/main.js (and its GPX worker, dist/gpx-worker.js): our workspace packages are inlined, npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const deps = (file) =>
  Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
// npm packages of the inlined workspace packages stay external too (they are installed beside us).
const external = [...deps('./package.json'), ...deps('../../packages/media/package.json')].filter(
  (d) => !d.startsWith('@ridealong/'),
);

await build({
  // The GPX worker thread's entry sits beside main.js (modules/gradients/off-loop.ts starts it).
  entryPoints: { main: 'src/main.ts', 'gpx-worker': 'src/modules/gradients/profile-worker.ts' },
  outdir: 'dist',
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
