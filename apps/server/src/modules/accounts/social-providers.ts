import { z } from 'zod';
import type { Config } from '../../config.js';
import { unauthorized, unavailable } from '../../http/errors.js';

/** What a provider vouches for about the holder of an access token. */
export type SocialProfile = {
  provider: 'google' | 'facebook';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
};

export type SocialProvider = (accessToken: string) => Promise<SocialProfile>;

const invalidToken = () =>
  unauthorized('The sign-in provider did not accept this sign-in. Please try again.');

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw unavailable('The sign-in provider could not be reached. Please try again later.');
  }
  if (res.status >= 500)
    throw unavailable('The sign-in provider is not answering. Please try again later.');
  if (!res.ok) throw invalidToken();
  return res.json().catch(() => {
    throw invalidToken();
  });
}

const googleTokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string(),
});
const googleUserInfo = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

/** Google: tokeninfo proves the token was issued to our client, userinfo gives the profile. */
export function googleProvider(cfg: NonNullable<Config['google']>): SocialProvider {
  return async (accessToken) => {
    const info = googleTokenInfo.safeParse(
      await getJson(
        `${cfg.apiBaseUrl}/oauth2/v3/tokeninfo?access_token=${encodeURIComponent(accessToken)}`,
      ),
    );
    if (!info.success || (info.data.aud !== cfg.clientId && info.data.azp !== cfg.clientId)) {
      throw invalidToken();
    }
    const user = googleUserInfo.safeParse(
      await getJson(`${cfg.apiBaseUrl}/oauth2/v3/userinfo`, {
        authorization: `Bearer ${accessToken}`,
      }),
    );
    if (!user.success || user.data.sub !== info.data.sub) throw invalidToken();
    const u = user.data;
    return {
      provider: 'google',
      subject: u.sub,
      email: u.email ?? null,
      emailVerified: u.email_verified === true || u.email_verified === 'true',
      name: u.name ?? null,
      firstName: u.given_name ?? null,
      lastName: u.family_name ?? null,
      photoUrl: u.picture ?? null,
    };
  };
}

const fbDebug = z.object({
  data: z.object({ app_id: z.string(), is_valid: z.boolean(), user_id: z.string().optional() }),
});
const fbMe = z.object({
  id: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});

/** Facebook: debug_token proves the token belongs to our app, /me gives the profile. */
export function facebookProvider(cfg: NonNullable<Config['facebook']>): SocialProvider {
  return async (accessToken) => {
    const appToken = `${cfg.appId}|${cfg.appSecret}`;
    const debug = fbDebug.safeParse(
      await getJson(
        `${cfg.graphUrl}/debug_token?input_token=${encodeURIComponent(accessToken)}&access_token=${encodeURIComponent(appToken)}`,
      ),
    );
    if (!debug.success || !debug.data.data.is_valid || debug.data.data.app_id !== cfg.appId) {
      throw invalidToken();
    }
    const me = fbMe.safeParse(
      await getJson(
        `${cfg.graphUrl}/me?fields=id,name,first_name,last_name,email,picture.type(large)&access_token=${encodeURIComponent(accessToken)}`,
      ),
    );
    if (!me.success || (debug.data.data.user_id && me.data.id !== debug.data.data.user_id)) {
      throw invalidToken();
    }
    const u = me.data;
    return {
      provider: 'facebook',
      subject: u.id,
      email: u.email ?? null,
      // Facebook only returns confirmed addresses.
      emailVerified: Boolean(u.email),
      name: u.name ?? null,
      firstName: u.first_name ?? null,
      lastName: u.last_name ?? null,
      photoUrl: u.picture?.data.url ?? null,
    };
  };
}
