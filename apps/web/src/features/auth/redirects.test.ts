import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  recoveryFailureMessage,
  signedInLoginPath,
  signupOutcome,
  withRedirect,
} from './redirects';

describe('signedInLoginPath', () => {
  it('sends members to /featured, or /profile when asked', () => {
    expect(signedInLoginPath(null)).toBe('/featured');
    expect(signedInLoginPath('profile')).toBe('/profile');
    expect(signedInLoginPath('elsewhere')).toBe('/featured');
  });
});

describe('afterLoginPath', () => {
  it('goes through the terms agreement screen by default', () => {
    expect(afterLoginPath({ accepted_terms_and_conditions: true }, null)).toBe('/agreement');
    expect(afterLoginPath({ accepted_terms_and_conditions: false }, null)).toBe('/agreement');
  });
  it('returns to /profile only when the terms are already accepted', () => {
    expect(afterLoginPath({ accepted_terms_and_conditions: true }, 'profile')).toBe('/profile');
    expect(afterLoginPath({ accepted_terms_and_conditions: false }, 'profile')).toBe('/agreement');
    expect(afterLoginPath({}, 'profile')).toBe('/agreement');
  });
});

describe('withRedirect', () => {
  it('keeps the redirect parameter', () => {
    expect(withRedirect('/login-email', 'profile')).toBe('/login-email?redirect=profile');
    expect(withRedirect('/login-email', null)).toBe('/login-email');
    expect(withRedirect('/login-email', '')).toBe('/login-email');
  });
});

describe('signupOutcome', () => {
  it('moves on for any answer but 409, 400 and 429', () => {
    expect(signupOutcome(null)).toBe('registered');
    expect(signupOutcome(201)).toBe('registered');
    expect(signupOutcome(500)).toBe('registered');
    expect(signupOutcome(409)).toBe('email-taken');
    expect(signupOutcome(400)).toBe('show-message');
    expect(signupOutcome(429)).toBe('show-message');
  });
});

describe('recoveryFailureMessage', () => {
  it('hides user-not-found behind the neutral text', () => {
    expect(recoveryFailureMessage('user-not-found', 'Sent.')).toBe('Sent.');
    expect(recoveryFailureMessage('Too many requests.', 'Sent.')).toBe('Too many requests.');
  });
});
