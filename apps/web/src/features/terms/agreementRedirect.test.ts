import { describe, expect, it } from 'vitest';
import { agreementRedirect } from './agreementRedirect';

describe('agreementRedirect', () => {
  it('sends guests to /login', () => {
    expect(agreementRedirect({ userId: '' })).toBe('/login');
    expect(agreementRedirect({ userId: '', accepted_terms_and_conditions: true })).toBe('/login');
  });

  it('shows the agreement while the terms are not accepted', () => {
    expect(agreementRedirect({ userId: '7' })).toBeNull();
    expect(
      agreementRedirect({ userId: '7', accepted_terms_and_conditions: false, login_count: 5 }),
    ).toBeNull();
  });

  it('sends first-time members to /profile once accepted', () => {
    for (const login_count of [undefined, 0, 1])
      expect(
        agreementRedirect({ userId: '7', accepted_terms_and_conditions: true, login_count }),
      ).toBe('/profile');
  });

  it('sends returning members home once accepted', () => {
    for (const login_count of [2, 10])
      expect(
        agreementRedirect({ userId: '7', accepted_terms_and_conditions: true, login_count }),
      ).toBe('/');
  });
});
