import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * JSON sealed with an HMAC as `base64url(json).mac`: the shared format of signed media URLs and
 * the local payment pages' tokens. `purpose` (when given) is part of the MAC, so a token made
 * for one use cannot pass for another. Opening checks the MAC in constant time and the JSON's
 * shape only; expiry and fields are the caller's rules.
 */
export type SignedJson = {
  seal: (data: object) => string;
  /** The object inside a genuine token, or null when forged or malformed. */
  open: (token: string) => Record<string, unknown> | null;
};

export function signedJson(secret: string, purpose?: string): SignedJson {
  const mac = (body: string) =>
    createHmac('sha256', secret)
      .update(purpose === undefined ? body : `${purpose}.${body}`)
      .digest('base64url');
  return {
    seal: (data) => {
      const body = Buffer.from(JSON.stringify(data)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    open: (token) => {
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const data: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return typeof data === 'object' && data !== null && !Array.isArray(data)
          ? (data as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
}
