import { PRICES_USD, type CheckoutType, type PaymentSetup } from '@ridealong/contracts';
import type { Plan } from './transitions.js';

export type Interval = 'month' | 'year';

export const planOf = (type: CheckoutType): Plan => (type.startsWith('pro') ? 'pro' : 'core');
export const intervalOf = (type: CheckoutType): Interval =>
  type.endsWith('_year') ? 'year' : 'month';

/** The price id of each checkout type, as the provider's setup names them. */
export function priceIds(setup: PaymentSetup): Record<CheckoutType, string> {
  return {
    core: setup.corePrice,
    pro: setup.proPrice,
    core_year: setup.corePriceYear,
    pro_year: setup.proPriceYear,
  };
}

export function typeOfPrice(setup: PaymentSetup, priceId: string): CheckoutType | null {
  const ids = priceIds(setup);
  return (Object.keys(ids) as CheckoutType[]).find((t) => ids[t] === priceId) ?? null;
}

/**
 * One billing interval later, in UTC; a month from 31 January ends on the last day of
 * February (as Stripe bills), not in March.
 */
export function addInterval(from: Date, interval: Interval): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

const usd = (n: number) => `$${n.toFixed(2)}`;

/** What a checkout type costs in USD (document 000 section 9), as the checkout page prints it. */
export function priceText(type: CheckoutType): string {
  const p = PRICES_USD[planOf(type)];
  return intervalOf(type) === 'year'
    ? `${usd(p.yearlyPerMonth)} per month, billed yearly (${usd(p.yearlyPerMonth * 12)} per year)`
    : `${usd(p.monthly)} per month, billed monthly`;
}
