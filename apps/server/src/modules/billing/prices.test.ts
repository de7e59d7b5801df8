import { describe, expect, it } from 'vitest';
import { addInterval, intervalOf, planOf, priceText, typeOfPrice } from './prices.js';

const setup = {
  publishableKey: 'pk',
  corePrice: 'p_c',
  proPrice: 'p_p',
  corePriceYear: 'p_cy',
  proPriceYear: 'p_py',
  provider: 'stripe' as const,
};

describe('prices', () => {
  it('names plan and interval of each checkout type', () => {
    expect([planOf('core'), planOf('pro_year')]).toEqual(['core', 'pro']);
    expect([intervalOf('pro'), intervalOf('core_year')]).toEqual(['month', 'year']);
  });

  it('finds the type of a price id, and null for a foreign one', () => {
    expect(typeOfPrice(setup, 'p_py')).toBe('pro_year');
    expect(typeOfPrice(setup, 'price_other')).toBeNull();
  });

  it('adds a month or a year, clamping to the end of a shorter month', () => {
    expect(addInterval(new Date('2025-01-31T10:00:00Z'), 'month')).toEqual(
      new Date('2025-02-28T10:00:00Z'),
    );
    expect(addInterval(new Date('2024-02-29T00:00:00Z'), 'year')).toEqual(
      new Date('2025-02-28T00:00:00Z'),
    );
    expect(addInterval(new Date('2025-12-15T00:00:00Z'), 'month')).toEqual(
      new Date('2026-01-15T00:00:00Z'),
    );
  });

  it('prints the USD prices of section 9', () => {
    expect(priceText('core')).toBe('$6.00 per month, billed monthly');
    expect(priceText('pro_year')).toBe('$10.00 per month, billed yearly ($120.00 per year)');
  });
});
