// Bundles the app: dist/main.cjs (the main process, Node) and dist/preload.cjs (the sandboxed
// preload: one file, only `require('electron')` left). Workspace packages and npm packages are
// inlined; Electron, electron-updater (installed with the app by electron-builder) and the
// tracker's native Bluetooth/ANT+/USB modules stay external (loaded at run time).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const version = JSON.stringify(pkg.version);
const nativeModules = ['@abandonware/noble', 'incyclist-ant-plus', 'usb'];
const external = ['electron', 'electron-updater', ...nativeModules];

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main/electron/index.ts'],
  outfile: 'dist/main.cjs',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  // ESM sources in a CommonJS bundle: import.meta.url from the bundle's own file.
  define: { 'import.meta.url': '__bundle_url', __DESKTOP_VERSION__: version },
  banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/preload/index.ts'],
  outfile: 'dist/preload.cjs',
  bundle: true,
  platform: 'browser',
  target: 'chrome140',
  format: 'cjs',
  sourcemap: false,
  external: ['electron'],
  define: { __DESKTOP_VERSION__: version },
  logLevel: 'warning',
});
