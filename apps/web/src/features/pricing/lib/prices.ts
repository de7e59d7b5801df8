import { PRICES_USD, type CheckoutType, type PaymentSetup } from '@ridealong/contracts';

/** Core and Pro bill yearly by default; the 'Pay monthly' switch shows the monthly price. */
export type Billing = 'yearly' | 'monthly';
export type PaidPlan = 'core' | 'pro';

export type DisplayedPrice = { perMonth: number; note: string };

/** The price a paid card shows, in whole USD per month, and how it is billed (section 9). */
export function displayedPrice(plan: PaidPlan, billing: Billing): DisplayedPrice {
  const prices = PRICES_USD[plan];
  if (billing === 'monthly') return { perMonth: prices.monthly, note: 'Billed monthly' };
  return {
    perMonth: prices.yearlyPerMonth,
    note: `Billed yearly ($${prices.yearlyPerMonth * 12}), save ${yearlySavingPercent(plan)}%`,
  };
}

/** About 17% off for both plans when prepaid annually. */
export function yearlySavingPercent(plan: PaidPlan): number {
  const prices = PRICES_USD[plan];
  return Math.round((1 - prices.yearlyPerMonth / prices.monthly) * 100);
}

/** The checkout type of section 7: core, pro, core_year, pro_year. */
export function checkoutType(plan: PaidPlan, billing: Billing): CheckoutType {
  return billing === 'yearly' ? `${plan}_year` : plan;
}

/** The provider's price id from the payment setup; undefined lets the server pick by type. */
export function priceIdFor(
  setup: PaymentSetup | undefined,
  plan: PaidPlan,
  billing: Billing,
): string | undefined {
  if (!setup) return undefined;
  if (plan === 'core') return billing === 'yearly' ? setup.corePriceYear : setup.corePrice;
  return billing === 'yearly' ? setup.proPriceYear : setup.proPrice;
}
