import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_CORE: 'price_c',
  STRIPE_PRICE_PRO: 'price_p',
  STRIPE_PRICE_CORE_YEAR: 'price_cy',
  STRIPE_PRICE_PRO_YEAR: 'price_py',
};

describe('loadConfig: which payment provider may run', () => {
  it('runs the local test provider by default outside production', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(loadConfig(env)).toMatchObject({ stripe: null, localPayments: true });
    }
  });

  it('refuses to start in production without Stripe, naming what to set', () => {
    const start = () => loadConfig({ NODE_ENV: 'production' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/STRIPE_SECRET_KEY: required with NODE_ENV=production/);
    expect(start).toThrow(/LOCAL_PAYMENTS: or set it to 'true'/);
  });

  it('counts every NODE_ENV but development and test as production', () => {
    for (const NODE_ENV of ['Production', 'production ', 'prod', 'staging', ' PRODUCTION']) {
      expect(() => loadConfig({ NODE_ENV })).toThrow(/STRIPE_SECRET_KEY: required with NODE_ENV=/);
    }
    for (const NODE_ENV of ['Development', ' test ']) {
      expect(loadConfig({ NODE_ENV }).localPayments).toBe(true);
    }
  });

  it('starts in production with Stripe, or with the local provider asked for by name', () => {
    // (Strava's stand-in is asked for by name in production too: config-strava.test.ts.)
    const prod = { NODE_ENV: 'production', STRAVA_STANDIN: 'true' };
    expect(loadConfig({ ...prod, ...STRIPE }).stripe?.secretKey).toBe('sk_live_1');
    expect(loadConfig({ ...prod, LOCAL_PAYMENTS: 'true' })).toMatchObject({
      stripe: null,
      localPayments: true,
    });
  });

  it('keeps Stripe when both are set: LOCAL_PAYMENTS only allows the fallback', () => {
    expect(loadConfig({ ...STRIPE, LOCAL_PAYMENTS: 'true' }).stripe?.secretKey).toBe('sk_live_1');
  });

  it('lets LOCAL_PAYMENTS=false forbid the local provider anywhere', () => {
    expect(() => loadConfig({ LOCAL_PAYMENTS: 'false' })).toThrow(
      /STRIPE_SECRET_KEY: required with LOCAL_PAYMENTS=false/,
    );
    expect(loadConfig({ LOCAL_PAYMENTS: '0', ...STRIPE }).localPayments).toBe(false);
    expect(() => loadConfig({ LOCAL_PAYMENTS: 'yes' })).toThrow(
      /LOCAL_PAYMENTS: must be 'true' or 'false'/,
    );
  });

  it('treats an empty LOCAL_PAYMENTS as unset, like every other variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LOCAL_PAYMENTS: '' })).toThrow(ConfigError);
    expect(loadConfig({ LOCAL_PAYMENTS: '' }).localPayments).toBe(true);
  });
});
