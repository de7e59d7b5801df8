import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PRELOAD_ENTRY = path.join(
  here,
  '..',
  '..',
  'apps',
  'desktop',
  'src',
  'preload',
  'index.ts',
);
const SHIM = path.join(here, 'electron-shim.ts');
const DESKTOP_PACKAGE = path.join(here, '..', '..', 'apps', 'desktop', 'package.json');

/** The app's version, as its build stamps it (apps/desktop/package.json). */
export const DESKTOP_VERSION = (
  JSON.parse(readFileSync(DESKTOP_PACKAGE, 'utf8')) as { version: string }
).version;

let bundled: Promise<string> | null = null;

/**
 * The real preload script bundled for a page: 'electron' is the harness's shim (contextBridge and
 * ipcRenderer over Playwright), everything else as the preload imports it. Wrapped so it runs in
 * the top frame only (Electron runs a preload in the main frame, never in iframes). Built once
 * per test process.
 */
export function preloadScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [PRELOAD_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    alias: { electron: SHIM },
    // As apps/desktop/build.mjs defines it for the real preload.
    define: { __DESKTOP_VERSION__: JSON.stringify(DESKTOP_VERSION) },
    logLevel: 'silent',
  }).then((result) => {
    const code = result.outputFiles[0]?.text;
    if (!code) throw new Error(`esbuild produced nothing for ${PRELOAD_ENTRY}`);
    return `if (window === window.top) {\n${code}\n}`;
  });
  return bundled;
}
