// `npm run bench -w apps/web`: the gzipped JavaScript of a guest's first load of `/`, read
// from the built files (apps/web/dist); it builds nothing. Counting rules: firstLoad.ts.
// Usage: tsx bench/first-load.bench.ts [distDir]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstLoadFiles, kb, ratio, type FirstLoad, type Manifest } from './firstLoad';

/** Issue 12: today's first load, and the most it may weigh. */
const BASELINE_KB = 245;
const BUDGET_KB = 170;
/** The home page's lazy route module (router.tsx) and what it imports once rendered. */
const HOME_ROUTE = 'src/features/home/index.ts';
const HOME_AFTER_RENDER = ['src/features/home/components/CarouselRow.tsx'];

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath) || !existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build with a manifest in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
let load: FirstLoad;
try {
  load = firstLoadFiles(manifest, html, HOME_ROUTE, HOME_AFTER_RENDER);
} catch (error) {
  console.error(`Cannot read the build in ${dist}: ${(error as Error).message}`);
  process.exit(1);
}

// zlib's default level (6), as Vite's build report and a compressing server use.
const sized = (files: string[]) =>
  files
    .map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(dist, file))).length }))
    .sort((a, b) => b.bytes - a.bytes);
const total = (rows: Array<{ bytes: number }>) => rows.reduce((sum, r) => sum + r.bytes, 0);
const list = (rows: Array<{ file: string; bytes: number }>) =>
  rows.forEach((r) => console.log(`    ${kb(r.bytes).padStart(9)}  ${r.file}`));

const critical = sized(load.critical);
const later = sized(load.afterRender);
// The budget counts the whole visit: what the page needs to be interactive and what it
// fetches by itself once rendered (the carousel), as a guest's browser loads both.
const bytes = total(critical) + total(later);
console.log('web: a guest opens / (gzipped JavaScript, 1 KB = 1024 bytes)');
console.log(
  `  before the page is interactive (entry, its imports, the home route): ${kb(total(critical))}`,
);
list(critical);
console.log(`  fetched by the rendered page afterwards: ${kb(total(later))}`);
list(later);
if (load.missing.length > 0)
  console.log(`    (no chunk in this build: ${load.missing.join(', ')})`);
console.log(
  `  first load ${kb(bytes)}: ${ratio(bytes, BUDGET_KB)} of the ${BUDGET_KB} KB budget, ` +
    `${ratio(bytes, BASELINE_KB)} of the ${BASELINE_KB} KB baseline`,
);
if (bytes > BUDGET_KB * 1024) {
  console.error(`  over budget by ${kb(bytes - BUDGET_KB * 1024)}`);
  process.exit(1);
}
