import type { AppWindow, Logger } from '../ports.js';
import type { WindowRegistry } from '../window-registry.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);

/** The window's own page when Connect Device cannot load (no scripts, nothing fetched). */
export function trackerUnavailableHtml(serverUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>RideAlong: Connect Device</title>
<style>body { font-family: system-ui, sans-serif; background: #1a1b1e; color: #f1f3f5; padding: 2rem; line-height: 1.5 }</style>
</head>
<body>
<main>
<h1>Connect Device could not open</h1>
<p>This window shows a page of <code>${escapeHtml(serverUrl)}</code>, which cannot be reached right now.
Check your internet connection, close this window and choose Connect Device again.</p>
</main>
</body>
</html>`;
}

/**
 * Shows the tracker window: focused when it is open, made and loaded otherwise. A page that
 * cannot load leaves the window with the app's own explanation, never white.
 */
export async function openTrackerWindow(input: {
  windows: Pick<WindowRegistry, 'open'>;
  url: string;
  serverUrl: string;
  log: Logger;
}): Promise<AppWindow> {
  const { window, created } = input.windows.open('tracker');
  if (!created) return window;
  try {
    await window.load(input.url);
  } catch (e) {
    input.log.warn(`The tracker window could not load: ${e instanceof Error ? e.message : e}`);
    if (!window.isDestroyed()) await window.loadHtml(trackerUnavailableHtml(input.serverUrl));
  }
  return window;
}
