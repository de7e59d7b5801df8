const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The page's own policy: nothing loads, nothing runs; only its inline style applies. */
export const OFFLINE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function retryText(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  return `Trying again in ${s} ${s === 1 ? 'second' : 'seconds'}.`;
}

/**
 * The app's own page while the server cannot be reached (the main window is never white).
 * No scripts: the main process loads it again with each retry's time.
 */
export function offlinePageHtml(input: { serverUrl: string; retryInSeconds: number }): string {
  const server = escapeHtml(input.serverUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${OFFLINE_PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RideAlong: cannot reach the server</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #1a1b1e; color: #f1f3f5; }
  main { max-width: 34rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.6rem; margin: 0 0 1rem; }
  p { line-height: 1.5; margin: 0.5rem 0; }
  code { color: #a5d8ff; word-break: break-all; }
</style>
</head>
<body>
<main>
<h1>RideAlong cannot reach its server</h1>
<p>The server at <code>${server}</code> cannot be reached right now. Check your internet connection.</p>
<p role="status">${retryText(input.retryInSeconds)}</p>
</main>
</body>
</html>`;
}
