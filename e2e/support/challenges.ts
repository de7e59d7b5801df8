import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_TOKEN_HEADER, type Challenge } from '@ridealong/contracts';
import { signIn, type Session } from './accounts.js';
import { extractLink, readLatestMail } from './outbox.js';

/** The admin of every e2e server (ADMIN_EMAILS in server-env.ts). */
export const E2E_ADMIN = {
  username: 'e2eadmin',
  email: 'challenge-admin@example.com',
  password: 'pedal-hard-admin-1',
};

/** A calendar date as the admin page takes it, `days` from today (UTC). */
export function adminDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}-${dd}-${d.getUTCFullYear()}`;
}

/**
 * The admin account exists and is verified (made once per server through the API, whichever
 * spec comes first); answers a fresh session token.
 */
export async function adminToken(request: APIRequestContext, dataDir?: string): Promise<string> {
  const signin = () =>
    request.post('/api/v1/email-signin', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
  let answer = await signin();
  if (answer.status() !== 200) {
    const signup = await request.post('/api/v1/signup', { data: E2E_ADMIN });
    expect(signup.status(), await signup.text()).toBe(201);
    const mail = await readLatestMail(E2E_ADMIN.email, {
      containing: '/email-verified?code=',
      dataDir,
    });
    const code = new URL(extractLink(mail, '/email-verified?code=')).searchParams.get('code');
    const verified = await request.post('/api/v1/verify-email', { data: { code } });
    expect(verified.status(), await verified.text()).toBe(200);
    answer = await signin();
  }
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { user: { id: number; admin: boolean } };
  expect(body.user.admin, 'ADMIN_EMAILS names the e2e admin').toBe(true);
  const token = answer.headers()[AUTH_TOKEN_HEADER] ?? '';
  // Terms agreed once, so the admin's sign-in on a page skips the agreement screen.
  const agreed = await request.put(`/api/v1/user/${body.user.id}/update`, {
    headers: { [AUTH_TOKEN_HEADER]: token },
    data: { accepted_terms_and_conditions: true },
  });
  expect(agreed.status(), await agreed.text()).toBe(200);
  return token;
}

/** The admin signed in on `page` through the log-in form (terms already agreed: lands on /). */
export async function signInAdmin(page: Page): Promise<Session> {
  await adminToken(page.request);
  const session = await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  return session;
}

/** Creates a challenge through the admin call (for specs that need one to exist). */
export async function createChallenge(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<Challenge> {
  const token = await adminToken(request);
  const answer = await request.post('/api/v1/challenge/create', {
    headers: { [AUTH_TOKEN_HEADER]: token },
    data: { start_date: adminDate(-1), end_date: adminDate(30), ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { challenge: Challenge }).challenge;
}
