import { describe, expect, it } from 'vitest';
import { googleAuthResultFromHash, googleAuthUrl, isGoogleAuthMessage } from './google';

describe('googleAuthUrl', () => {
  it('asks for a token returned to /login-success', () => {
    expect(googleAuthUrl('abc.apps', 'http://127.0.0.1:8181')).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth?client_id=abc.apps' +
        '&redirect_uri=http%3A%2F%2F127.0.0.1%3A8181%2Flogin-success' +
        '&response_type=token&scope=openid%20email%20profile',
    );
  });
});

describe('googleAuthResultFromHash', () => {
  it('reads the token or the error from the fragment', () => {
    expect(googleAuthResultFromHash('#access_token=ya29.x&token_type=Bearer')).toEqual({
      type: 'ridealong:google-auth',
      accessToken: 'ya29.x',
    });
    expect(googleAuthResultFromHash('#error=access_denied')).toEqual({
      type: 'ridealong:google-auth',
      error: 'access_denied',
    });
    expect(googleAuthResultFromHash('')).toBeNull();
  });
});

describe('isGoogleAuthMessage', () => {
  it('accepts only our message shape', () => {
    expect(isGoogleAuthMessage({ type: 'ridealong:google-auth', accessToken: 't' })).toBe(true);
    expect(isGoogleAuthMessage({ type: 'ridealong:google-auth', error: 'e' })).toBe(true);
    expect(isGoogleAuthMessage({ type: 'other', accessToken: 't' })).toBe(false);
    expect(isGoogleAuthMessage('ridealong:google-auth')).toBe(false);
    expect(isGoogleAuthMessage(null)).toBe(false);
  });
});
