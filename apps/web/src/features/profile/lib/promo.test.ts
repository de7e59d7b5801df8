import { describe, expect, it } from 'vitest';
import { CONTACT_US_LINE, promoFeedback } from './promo';

const member = { complimentary_access: false };
const comp = { complimentary_access: true };

describe('promoFeedback', () => {
  it('success names the granted plan', () => {
    expect(promoFeedback({ ok: true, account_level: 'core' }, member)).toEqual({
      tone: 'success',
      message: "Congrats! We've upgraded you to a Core plan.",
      contactUs: false,
    });
    expect(promoFeedback({ ok: true, account_level: 'pro' }, member).message).toBe(
      "Congrats! We've upgraded you to a Pro plan.",
    );
  });

  it.each([
    ['invalid-code', 'Invalid code.'],
    ['coupon-out-of-date', 'Code expired.'],
    ['coupon-reached-max', 'Maximum already claimed for this code.'],
    ['user-does-not-exist', 'User does not exist.'],
  ])('%s reads %s', (code, text) => {
    expect(promoFeedback({ ok: false, code }, member)).toEqual({
      tone: 'error',
      message: text,
      contactUs: false,
    });
  });

  it('already-comp with complimentary access: You already have this.', () => {
    expect(promoFeedback({ ok: false, code: 'already-comp' }, comp)).toEqual({
      tone: 'error',
      message: 'You already have this.',
      contactUs: false,
    });
  });

  it('already-comp without complimentary access: no message, the contact-us line', () => {
    expect(promoFeedback({ ok: false, code: 'already-comp' }, member)).toEqual({
      tone: 'error',
      message: null,
      contactUs: true,
    });
    expect(CONTACT_US_LINE).toBe('contact us for help with this code');
  });

  it('an unknown code or no code at all: Whoops', () => {
    for (const code of ['rate-limited', null]) {
      expect(promoFeedback({ ok: false, code }, member)).toEqual({
        tone: 'error',
        message: 'Whoops, something went wrong.',
        contactUs: false,
      });
    }
  });
});
