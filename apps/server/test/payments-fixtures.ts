import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestServer } from './harness.js';

/** A Stripe webhook delivery: the exact bytes and a Stripe-Signature header over them. */
export async function postEvent(
  s: TestServer,
  event: { id: string; type: string; created?: number; data: { object: object } },
  secret: string,
): Promise<Response> {
  const payload = JSON.stringify({
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    ...event,
  });
  return postSigned(s, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
}

export function postSigned(s: TestServer, payload: string, signature?: string) {
  return fetch(`${s.baseUrl}/api/v1/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
}

export type FakeStripe = {
  url: string;
  /** Each request: method, path, the form-decoded body and the Authorization header. */
  requests: { method: string; path: string; body: URLSearchParams; auth: string }[];
  /** The metadata type of each session (set by a create, or by a test: an older session). */
  sessionTypes: Map<string, string>;
  close: () => Promise<void>;
};

/**
 * A local stand-in for Stripe's API: checkout sessions (create, retrieve) and billing portal
 * sessions, answering Stripe-shaped JSON; the SDK reaches it through STRIPE_API_URL.
 */
/** The server's Stripe settings, pointed at a fake Stripe at `apiUrl`. */
export function stripeTestEnv(apiUrl: string, webhookSecret = 'whsec_test_secret') {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_CORE: 'price_core',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_CORE_YEAR: 'price_core_year',
    STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
    STRIPE_API_URL: apiUrl,
  };
}

export async function fakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessionTypes: FakeStripe['sessionTypes'] = new Map();
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      requests.push({
        method,
        path,
        body: new URLSearchParams(raw),
        auth: req.headers.authorization ?? '',
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      const session = (id: string) => ({
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        url: `https://checkout.stripe.fake/c/pay/${id}`,
        metadata: { type: sessionTypes.get(id) },
      });
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_fake_${++n}`;
        sessionTypes.set(id, new URLSearchParams(raw).get('metadata[type]') ?? '');
        return send(200, session(id));
      }
      const got = /^\/v1\/checkout\/sessions\/(cs_test_fake_\d+)$/.exec(path);
      if (method === 'GET' && got?.[1]) return send(200, session(got[1]));
      if (method === 'POST' && path === '/v1/billing_portal/sessions')
        return send(200, {
          id: `bps_${++n}`,
          object: 'billing_portal.session',
          customer: new URLSearchParams(raw).get('customer'),
          url: `https://billing.stripe.fake/p/session/${n}`,
        });
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such thing',
        },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessionTypes,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The forms of a local provider page by button label: action path and anti-CSRF field. */
export function formsOf(html: string): Map<string, { action: string; csrf: string }> {
  const unescape = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const forms = new Map<string, { action: string; csrf: string }>();
  const re =
    /<form method="post" action="([^"]+)"><input type="hidden" name="csrf" value="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g;
  for (const m of html.matchAll(re))
    forms.set(unescape(m[3] ?? ''), { action: unescape(m[1] ?? ''), csrf: unescape(m[2] ?? '') });
  return forms;
}

/** Submits a form as a browser would, without following the redirect. */
export function submitForm(s: TestServer, action: string, csrf: string) {
  return fetch(s.baseUrl + action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf }).toString(),
    redirect: 'manual',
  });
}
