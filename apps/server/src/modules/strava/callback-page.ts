import { escapeHtml } from './standin/pages.js';

/** The page the desktop callback leaves in the member's browser: what happened, plainly. */
export function callbackPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Strava</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem;color:#fc4c02}</style></head>
<body><h1>Strava</h1><p data-testid="strava-callback-message">${escapeHtml(message)}</p></body></html>`;
}
