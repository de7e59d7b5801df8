import { describe, expect, it } from 'vitest';
import { desktopSigninFromQuery } from './desktopSignin';
import { afterLoginPath, signedInLoginPath } from './redirects';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const query = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    redirect_uri: 'http://127.0.0.1:5123/signin/callback',
    state: 'st4te',
    code_challenge: CHALLENGE,
    ...over,
  });

describe('desktopSigninFromQuery', () => {
  it("reads the app's callback, state and challenge", () => {
    expect(desktopSigninFromQuery(query())).toEqual({
      redirect_uri: 'http://127.0.0.1:5123/signin/callback',
      state: 'st4te',
      code_challenge: CHALLENGE,
    });
  });

  it('is null for an incomplete or absurd request', () => {
    expect(desktopSigninFromQuery(new URLSearchParams())).toBeNull();
    expect(desktopSigninFromQuery(query({ state: '' }))).toBeNull();
    expect(desktopSigninFromQuery(query({ code_challenge: 'short' }))).toBeNull();
    expect(desktopSigninFromQuery(query({ redirect_uri: 'x'.repeat(501) }))).toBeNull();
  });
});

describe('the desktop-signin redirect of /login', () => {
  it('brings a member who signs in (or is signed in) back to /desktop-signin', () => {
    expect(afterLoginPath({ accepted_terms_and_conditions: false }, 'desktop-signin')).toBe(
      '/desktop-signin',
    );
    expect(signedInLoginPath('desktop-signin')).toBe('/desktop-signin');
    expect(afterLoginPath({ accepted_terms_and_conditions: false }, null)).toBe('/agreement');
  });
});
