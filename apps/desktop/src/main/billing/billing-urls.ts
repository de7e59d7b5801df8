import { createHash } from 'node:crypto';

/** Stripe's hosted billing portal (the local test provider's is a page of the server). */
export const STRIPE_PORTAL_HOST = 'billing.stripe.com';

/** A checkout session id as the server issues them (its route accepts the same). */
const SESSION_ID = /^[\w-]{1,255}$/;
/** The local test provider's portal page: a signed token (base64url parts joined by dots). */
const LOCAL_PORTAL_PATH = /^\/billing\/local\/portal\/[\w.-]{1,2000}$/;

/**
 * The web's /checkout-redirect page for a session (document 000 section 2: it sends the
 * browser on to the provider's checkout). Null for an id the server would not have issued.
 */
export function checkoutRedirectUrl(serverUrl: string, sessionId: string): string | null {
  if (!SESSION_ID.test(sessionId)) return null;
  return `${serverUrl}/checkout-redirect?session_id=${encodeURIComponent(sessionId)}`;
}

export const checkoutStatusUrl = (serverUrl: string, sessionId: string) =>
  `${serverUrl}/api/v1/payment/checkout-status/${encodeURIComponent(sessionId)}`;

/**
 * Whether a portal_url may open in the system browser: Stripe's portal over https, or the
 * server's own local provider page. Anything else a page sends is refused.
 */
export function portalUrlAllowed(portalUrl: string, serverUrl: string): boolean {
  let url: URL;
  let server: URL;
  try {
    url = new URL(portalUrl);
    server = new URL(serverUrl);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:' && url.host === STRIPE_PORTAL_HOST) return true;
  const base = server.pathname.replace(/\/$/, '');
  if (url.origin !== server.origin || url.search) return false;
  return (
    url.pathname.startsWith(`${base}/`) && LOCAL_PORTAL_PATH.test(url.pathname.slice(base.length))
  );
}

/**
 * Where the app asks whether the member came back from a portal: keyed by the SHA-256 of the
 * exact portal address the server issued (the server keeps the same hash).
 */
export function portalStatusUrl(serverUrl: string, portalUrl: string): string {
  const key = createHash('sha256').update(portalUrl).digest('hex');
  return `${serverUrl}/api/v1/payment/desktop-portal/${key}`;
}
