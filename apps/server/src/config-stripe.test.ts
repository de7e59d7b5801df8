import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_CORE: 'price_c',
  STRIPE_PRICE_PRO: 'price_p',
  STRIPE_PRICE_CORE_YEAR: 'price_cy',
  STRIPE_PRICE_PRO_YEAR: 'price_py',
};

describe('loadConfig: Stripe', () => {
  it('uses the local test provider without a secret key', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).stripe).toBeNull();
  });

  it('reads every Stripe setting with a secret key', () => {
    expect(loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      prices: { core: 'price_c', pro: 'price_p', core_year: 'price_cy', pro_year: 'price_py' },
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(loadConfig(STRIPE).stripe?.apiUrl).toBeNull();
  });

  it.each(['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO_YEAR', 'STRIPE_PUBLISHABLE_KEY'])(
    'stops naming %s when it is missing beside a secret key',
    (name) => {
      const env: Record<string, string> = { ...STRIPE, [name]: '' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: required with STRIPE_SECRET_KEY`));
    },
  );

  it('stops on a STRIPE_API_URL that is not a URL', () => {
    expect(() => loadConfig({ ...STRIPE, STRIPE_API_URL: 'localhost' })).toThrow(/STRIPE_API_URL:/);
  });
});
