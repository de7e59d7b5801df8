import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml, sendPage } from '../../lib/html.js';
import type { DesktopReturns } from './desktop-returns.js';

export const DESKTOP_RETURN_TEXT = 'You can go back to RideAlong.';

function page(title: string, text: string, link: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - RideAlong</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</main>
</body>
</html>
`;
}

/**
 * GET /billing/desktop-return/{returnId}: where the billing portal sends a member who opened it
 * from the desktop app. It records the return (the app is watching for it) and says to go back
 * to the app; no scripts, not cached, no referrer (sendPage).
 */
export function desktopReturnPage(deps: {
  returns: DesktopReturns;
  publicUrl: string;
}): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { returnId: string } }>(
      '/billing/desktop-return/:returnId',
      async (req, reply) => {
        const { returnId } = req.params;
        // newSecret() ids are 43 base64url characters; anything else is not ours.
        const known =
          /^[\w-]{20,100}$/.test(returnId) && (await deps.returns.markReturned(returnId));
        if (!known) {
          return sendPage(
            reply,
            404,
            page('Billing', 'This link has expired.', {
              href: `${deps.publicUrl}/profile`,
              label: 'Open your profile',
            }),
          );
        }
        return sendPage(
          reply,
          200,
          page('Billing', DESKTOP_RETURN_TEXT, {
            href: `${deps.publicUrl}/portal-redirect`,
            label: 'Or continue in this browser',
          }),
        );
      },
    );
  };
}
