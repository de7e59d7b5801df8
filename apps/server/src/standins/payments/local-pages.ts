import type { CheckoutType } from '@ridealong/contracts';
import { planOf, priceText } from '../../modules/billing/index.js';
import type { PortalAction } from './local-actions.js';
import type { LocalSubscription } from './local-store.js';
import { escapeHtml } from '../../lib/html.js';

/** Server-rendered pages of the local TEST provider: plain HTML, every value escaped. */
export const TEST_LABEL = 'Test payment provider: no real money moves.';
export const BACK_LABEL = 'Back to RideAlong';

export const PORTAL_BUTTONS: Record<PortalAction, string> = {
  cancel: 'Cancel plan',
  restore: 'Restore plan',
  'fail-payment': 'Simulate failed payment',
  pay: 'Simulate successful payment',
  'end-now': 'End period now',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - RideAlong test payments</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}
.test{background:#fff3cd;border:1px solid #e0b000;padding:.75rem;border-radius:.4rem;font-weight:600}
form{display:inline-block;margin:.25rem .5rem .25rem 0}
button{font-size:1rem;padding:.5rem 1rem;cursor:pointer}
dt{font-weight:600}dd{margin:0 0 .5rem 0}
</style>
</head>
<body>
<p class="test" role="note">${escapeHtml(TEST_LABEL)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

const form = (action: string, csrf: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><button type="submit">${escapeHtml(label)}</button></form>`;

const planLabel = (type: CheckoutType) =>
  `${planOf(type) === 'pro' ? 'Pro' : 'Core'} plan, ${type.endsWith('_year') ? 'yearly' : 'monthly'}`;

export function checkoutPage(p: {
  type: CheckoutType;
  email: string;
  csrf: string;
  payAction: string;
  cancelAction: string;
}): string {
  return layout(
    'Checkout',
    `<dl>
<dt>Plan</dt><dd>${escapeHtml(planLabel(p.type))}</dd>
<dt>Price</dt><dd>${escapeHtml(priceText(p.type))}</dd>
<dt>Member</dt><dd>${escapeHtml(p.email)}</dd>
</dl>
${form(p.payAction, p.csrf, 'Pay')}
${form(p.cancelAction, p.csrf, 'Cancel')}`,
  );
}

/** Which buttons a subscription offers; every one is accepted by the server in any state. */
function buttonsFor(sub: LocalSubscription): PortalAction[] {
  const out: PortalAction[] = [];
  if (sub.status === 'active') out.push(sub.cancelAtPeriodEnd ? 'restore' : 'cancel');
  if (sub.status === 'active') out.push('fail-payment');
  out.push('pay', 'end-now');
  return out;
}

export function portalPage(p: {
  sub: LocalSubscription | null;
  csrf: string;
  actionUrl: (a: PortalAction) => string;
  returnUrl: string;
  notice: string | null;
}): string {
  const back = `<p><a href="${escapeHtml(p.returnUrl)}">${BACK_LABEL}</a></p>`;
  const notice = p.notice ? `<p role="status">${escapeHtml(p.notice)}</p>` : '';
  if (!p.sub)
    return layout(
      'Billing',
      `${notice}<p>There is no subscription with the test provider.</p>${back}`,
    );
  const s = p.sub;
  const status = s.cancelAtPeriodEnd ? `${s.status}, cancels at the period end` : s.status;
  return layout(
    'Billing',
    `${notice}<dl>
<dt>Plan</dt><dd>${escapeHtml(planLabel(s.type))}</dd>
<dt>Price</dt><dd>${escapeHtml(priceText(s.type))}</dd>
<dt>Status</dt><dd>${escapeHtml(status)}</dd>
<dt>Current period ends</dt><dd>${escapeHtml(s.currentPeriodEnd.toISOString())}</dd>
</dl>
${buttonsFor(s)
  .map((a) => form(p.actionUrl(a), p.csrf, PORTAL_BUTTONS[a]))
  .join('\n')}
${back}`,
  );
}

/** Ended sessions, expired links, refused actions. */
export function messagePage(title: string, message: string, backUrl: string): string {
  return layout(
    title,
    `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(backUrl)}">${BACK_LABEL}</a></p>`,
  );
}
