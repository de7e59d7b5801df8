import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { sha256 } from '../../lib/secrets.js';
import { PORTAL_ACTIONS, type LocalActions, type PortalAction } from './local-actions.js';
import { localPaths, PORTAL_TTL_MS } from './local-provider.js';
import { checkoutPage, messagePage, portalPage } from './local-pages.js';
import type { TokenSigner } from './signed-tokens.js';
import { sendPage } from '../../lib/html.js';

const NOTICES: Record<PortalAction, string> = {
  cancel: 'Your plan is cancelled at the end of the period.',
  restore: 'Your plan continues.',
  'fail-payment': 'A failed payment was simulated.',
  pay: 'A successful payment was simulated.',
  'end-now': 'The subscription has ended.',
};

const portalClaims = z.object({ u: z.number().int().positive(), r: z.string() });
const formBody = z.object({ csrf: z.string().max(2000) });

/**
 * The local TEST provider's checkout and portal pages (docs/billing.md). Forms carry a signed
 * `csrf` field bound to the session or portal token, so another site cannot submit them.
 */
export function localPageRoutes(deps: {
  actions: LocalActions;
  portalTokens: TokenSigner;
  formTokens: TokenSigner;
  publicUrl: string;
}): FastifyPluginAsync {
  const { actions, formTokens } = deps;
  const pricing = `${deps.publicUrl}/pricing`;
  const csrfFor = (ref: string) => formTokens.sign({ ref: sha256(ref) }, PORTAL_TTL_MS);
  const csrfOk = (body: unknown, ref: string) => {
    const parsed = formBody.safeParse(body);
    return parsed.success && formTokens.verify(parsed.data.csrf)?.ref === sha256(ref);
  };
  const portalOf = (token: string) => {
    const parsed = portalClaims.safeParse(deps.portalTokens.verify(token));
    return parsed.success ? { userId: parsed.data.u, returnUrl: parsed.data.r } : null;
  };
  const refused = (reply: FastifyReply, err: unknown, back: string) => {
    if (!(err instanceof HttpError)) throw err;
    return sendPage(reply, err.statusCode, messagePage('Not done', err.message, back));
  };
  const expiredForm = (reply: FastifyReply, back: string) =>
    sendPage(reply, 403, messagePage('Form expired', 'Please open the page again.', back));

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get<{ Params: { sessionId: string } }>(
      '/billing/local/checkout/:sessionId',
      async (req, reply) => {
        const view = await actions.checkoutView(req.params.sessionId);
        if (!view)
          return sendPage(reply, 404, messagePage('Checkout', 'This checkout has ended.', pricing));
        const base = localPaths.checkout(view.session.id);
        return sendPage(
          reply,
          200,
          checkoutPage({
            type: view.session.type,
            email: view.email,
            csrf: csrfFor(view.session.id),
            payAction: `${base}/pay`,
            cancelAction: `${base}/cancel`,
          }),
        );
      },
    );

    app.post<{ Params: { sessionId: string; action: string } }>(
      '/billing/local/checkout/:sessionId/:action',
      async (req, reply) => {
        const { sessionId, action } = req.params;
        if (action !== 'pay' && action !== 'cancel')
          return sendPage(reply, 404, messagePage('Checkout', 'There is no such button.', pricing));
        if (!csrfOk(req.body, sessionId)) return expiredForm(reply, pricing);
        try {
          const done =
            action === 'pay'
              ? await actions.pay(sessionId)
              : await actions.cancelCheckout(sessionId);
          return reply.code(303).header('location', done.redirect).send();
        } catch (err) {
          return refused(reply, err, pricing);
        }
      },
    );

    app.get<{ Params: { token: string }; Querystring: { done?: string } }>(
      '/billing/local/portal/:token',
      async (req, reply) => {
        const { token } = req.params;
        const portal = portalOf(token);
        if (!portal)
          return sendPage(reply, 403, messagePage('Billing', 'This link has expired.', pricing));
        const done = PORTAL_ACTIONS.find((a) => a === req.query.done);
        return sendPage(
          reply,
          200,
          portalPage({
            sub: await actions.currentSubscription(portal.userId),
            csrf: csrfFor(token),
            actionUrl: (a) => `${localPaths.portal(token)}/${a}`,
            returnUrl: portal.returnUrl,
            notice: done ? NOTICES[done] : null,
          }),
        );
      },
    );

    app.post<{ Params: { token: string; action: string } }>(
      '/billing/local/portal/:token/:action',
      async (req, reply) => {
        const { token } = req.params;
        const portal = portalOf(token);
        if (!portal)
          return sendPage(reply, 403, messagePage('Billing', 'This link has expired.', pricing));
        const action = PORTAL_ACTIONS.find((a) => a === req.params.action);
        if (!action)
          return sendPage(
            reply,
            404,
            messagePage('Billing', 'There is no such button.', portal.returnUrl),
          );
        if (!csrfOk(req.body, token)) return expiredForm(reply, portal.returnUrl);
        try {
          await actions.portal(portal.userId, action);
        } catch (err) {
          return refused(reply, err, portal.returnUrl);
        }
        return reply
          .code(303)
          .header('location', `${localPaths.portal(token)}?done=${action}`)
          .send();
      },
    );
  };
}
