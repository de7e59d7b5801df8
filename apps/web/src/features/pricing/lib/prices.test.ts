import { describe, expect, it } from 'vitest';
import type { PaymentSetup } from '@ridealong/contracts';
import { checkoutType, displayedPrice, priceIdFor, yearlySavingPercent } from './prices';

const setup: PaymentSetup = {
  publishableKey: 'pk',
  corePrice: 'price_core_m',
  proPrice: 'price_pro_m',
  corePriceYear: 'price_core_y',
  proPriceYear: 'price_pro_y',
  provider: 'local',
};

describe('pricing card prices (document 000 section 9)', () => {
  it('yearly is the default billing and shows the annual per-month price', () => {
    expect(displayedPrice('core', 'yearly')).toEqual({
      perMonth: 5,
      note: 'Billed yearly ($60), save 17%',
    });
    expect(displayedPrice('pro', 'yearly').perMonth).toBe(10);
  });

  it('monthly shows the monthly price', () => {
    expect(displayedPrice('core', 'monthly')).toEqual({ perMonth: 6, note: 'Billed monthly' });
    expect(displayedPrice('pro', 'monthly').perMonth).toBe(12);
  });

  it('annual billing saves about 17% on both plans', () => {
    expect(yearlySavingPercent('core')).toBe(17);
    expect(yearlySavingPercent('pro')).toBe(17);
  });

  it('maps plan and billing to the checkout type and price id', () => {
    expect(checkoutType('core', 'yearly')).toBe('core_year');
    expect(checkoutType('core', 'monthly')).toBe('core');
    expect(checkoutType('pro', 'yearly')).toBe('pro_year');
    expect(priceIdFor(setup, 'core', 'yearly')).toBe('price_core_y');
    expect(priceIdFor(setup, 'core', 'monthly')).toBe('price_core_m');
    expect(priceIdFor(setup, 'pro', 'monthly')).toBe('price_pro_m');
    expect(priceIdFor(undefined, 'core', 'yearly')).toBeUndefined();
  });
});
