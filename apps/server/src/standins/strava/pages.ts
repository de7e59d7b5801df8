import { STRAVA_MESSAGES } from '@ridealong/contracts';
import { STANDIN_PREFIX } from '../../modules/strava/index.js';
import type { StandinUpload } from './store.js';
import { escapeHtml } from '../../lib/html.js';

/** The stand-in's server-rendered pages: plain HTML, every value escaped, no scripts. */

export const DEFAULT_ATHLETE_NAME = 'Stand-in Athlete';

/** What each scope lets the application do, as the consent page words it. */
export const SCOPE_LABELS: Record<string, string> = {
  read: 'View your public profile and public activities',
  read_all: 'View your private routes, segments and events',
  'profile:read_all': 'View your complete profile',
  'profile:write': 'Update your profile',
  'activity:read': 'View your activities',
  'activity:read_all': 'View your private activities',
  'activity:write': 'Upload your activities to Strava',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Strava stand-in</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
.standin{background:#fff3cd;border:1px solid #e0b000;padding:.75rem;border-radius:.4rem;font-weight:600}
h1{color:#fc4c02}
label{display:block;margin:.5rem 0}
input[type=text]{font-size:1rem;padding:.3rem;width:20rem;max-width:100%}
button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem;cursor:pointer}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
dt{font-weight:600}dd{margin:0 0 .5rem 0}
</style>
</head>
<body>
<p class="standin" role="note">${escapeHtml(STRAVA_MESSAGES.standIn)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="${STANDIN_PREFIX}/uploads">Uploads received</a></p>
</body>
</html>
`;
}

/** The authorisation (consent) page: the scopes asked for, the athlete's name, two buttons. */
export function consentPage(p: {
  action: string;
  request: string;
  scopes: readonly string[];
  redirectOrigin: string;
}): string {
  const boxes = p.scopes
    .map((s) =>
      s === 'read'
        ? `<label><input type="checkbox" checked disabled> ${escapeHtml(SCOPE_LABELS.read ?? s)} (always)</label>`
        : `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(SCOPE_LABELS[s] ?? s)} <code>${escapeHtml(s)}</code></label>`,
    )
    .join('\n');
  return layout(
    'Authorize RideAlong',
    `<p>RideAlong (returning to ${escapeHtml(p.redirectOrigin)}) asks to connect to your Strava account.</p>
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="request" value="${escapeHtml(p.request)}">
<label>Athlete name <input type="text" name="athlete_name" maxlength="100" value="${escapeHtml(DEFAULT_ATHLETE_NAME)}"></label>
<fieldset><legend>RideAlong may:</legend>
${boxes}
</fieldset>
<p><button type="submit" name="decision" value="authorize">Authorize</button><button type="submit" name="decision" value="cancel">Cancel</button></p>
</form>`,
  );
}

const activityLink = (u: StandinUpload) =>
  u.activityId === null
    ? ''
    : `<a href="${STANDIN_PREFIX}/activities/${u.activityId}">activity ${u.activityId}</a>`;

const statusOf = (u: StandinUpload) => (u.activityId === null ? 'processing' : 'ready');

/** Every upload received, newest first. */
export function uploadsPage(uploads: readonly StandinUpload[]): string {
  if (uploads.length === 0) return layout('Uploads received', '<p>No upload has arrived yet.</p>');
  const rows = uploads
    .map(
      (u) => `<tr data-upload="${u.id}">
<td>${u.id}</td><td>${escapeHtml(u.name)}</td><td>${escapeHtml(u.athleteName)}</td><td>${escapeHtml(u.externalId)}</td>
<td>${escapeHtml(u.sportType)}</td><td>${u.trainer ? 'yes' : 'no'}</td><td>${u.bytes}</td>
<td>${statusOf(u)}</td><td>${activityLink(u)}</td><td>${escapeHtml(u.createdAt.toISOString())}</td>
</tr>`,
    )
    .join('\n');
  return layout(
    'Uploads received',
    `<table>
<thead><tr><th>Upload</th><th>Name</th><th>Athlete</th><th>External id</th><th>Sport type</th><th>Trainer</th><th>Bytes</th><th>Status</th><th>Activity</th><th>Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** One activity, as the upload made it. */
export function activityPage(u: StandinUpload): string {
  return layout(
    u.name,
    `<dl>
<dt>Activity</dt><dd>${u.activityId ?? ''}</dd>
<dt>Athlete</dt><dd>${escapeHtml(u.athleteName)} (${escapeHtml(u.athleteId)})</dd>
<dt>Sport type</dt><dd>${escapeHtml(u.sportType)}${u.trainer ? ', on a trainer' : ''}</dd>
<dt>Description</dt><dd>${escapeHtml(u.description)}</dd>
<dt>External id</dt><dd>${escapeHtml(u.externalId)}</dd>
<dt>File</dt><dd>${escapeHtml(u.dataType)}, ${u.bytes} bytes</dd>
<dt>Uploaded</dt><dd>${escapeHtml(u.createdAt.toISOString())}</dd>
</dl>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<p>${escapeHtml(message)}</p>`);
}
