import { signedJson } from '../../lib/signed-json.js';

/**
 * Small HMAC-signed, expiring tokens of the local provider's pages: the portal address (naming
 * the member) and the anti-CSRF field of each form. `purpose` keeps one kind from passing for
 * another.
 */
export type TokenSigner = {
  sign: (data: Record<string, string | number>, ttlMs: number, nowMs?: number) => string;
  /** The data of a token signed for this purpose, or null when forged, malformed or expired. */
  verify: (token: string, nowMs?: number) => Record<string, unknown> | null;
};

export function tokenSigner(secret: string, purpose: string): TokenSigner {
  const sealed = signedJson(secret, purpose);
  return {
    sign: (data, ttlMs, nowMs = Date.now()) => sealed.seal({ ...data, exp: nowMs + ttlMs }),
    verify: (token, nowMs = Date.now()) => {
      const record = sealed.open(token);
      return record && typeof record.exp === 'number' && record.exp > nowMs ? record : null;
    },
  };
}
