import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { friendlyServerMessage, splitOnPhrases } from './messages';

describe('friendlyServerMessage', () => {
  it('drops the field path of validation answers', () => {
    expect(
      friendlyServerMessage('body.password: Password must be at least 6 characters long'),
    ).toBe('Password must be at least 6 characters long');
    expect(friendlyServerMessage('body.email: Invalid Email; body.username: Required')).toBe(
      'Invalid Email Required',
    );
    expect(friendlyServerMessage('body: is invalid')).toBe('is invalid');
    expect(friendlyServerMessage(AUTH_MESSAGES.passwordsMustMatch)).toBe('Passwords need to match');
  });
});

describe('splitOnPhrases', () => {
  it('keeps the exact sentence while marking the link phrases', () => {
    const parts = splitOnPhrases(AUTH_MESSAGES.emailTaken, ['Sign in', 'reset your password']);
    expect(parts.map((p) => p.text).join('')).toBe(AUTH_MESSAGES.emailTaken);
    expect(parts.filter((p) => p.phrase).map((p) => p.text)).toEqual([
      'Sign in',
      'reset your password',
    ]);
  });
  it('ignores phrases that are absent', () => {
    expect(splitOnPhrases('Hello there', ['nope'])).toEqual([
      { text: 'Hello there', phrase: false },
    ]);
  });
});
