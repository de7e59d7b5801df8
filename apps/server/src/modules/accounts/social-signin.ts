import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userIdentities } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { UsersRepository } from '../users/index.js';
import type { OpenAccount } from './open-account.js';
import { startSession, type SignedIn } from './service.js';
import type { SessionStore } from './sessions.js';
import type { SocialProfile } from './social-providers.js';

/**
 * Signs in the owner of a social identity: a known identity signs in its user; otherwise an
 * account with the same verified email is linked; otherwise a new, verified account is made.
 */
export async function socialSignin(
  d: {
    db: Db;
    users: UsersRepository;
    sessions: SessionStore;
    openAccount: OpenAccount;
    adminEmails: readonly string[];
  },
  p: SocialProfile,
): Promise<SignedIn> {
  const [known] = await d.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, p.provider), eq(userIdentities.subject, p.subject)))
    .limit(1);
  if (known) return startSession(d, known.userId);

  if (!p.email || !p.emailVerified) {
    throw badRequest(
      'Your sign-in provider did not share a verified email address. Please sign up with email.',
    );
  }
  let user = await d.users.findByEmail(p.email);
  if (user) {
    // The provider vouches for the address, so an unverified email account becomes verified.
    // A password set by whoever made the unverified account is dropped: it never proved the mailbox.
    if (!user.emailVerified) {
      user = (await d.users.update(user.id, { emailVerified: true, passwordHash: null })) ?? user;
    }
  } else {
    const name = p.name ?? p.email.split('@')[0] ?? 'Rider';
    user = await d.openAccount({
      email: p.email,
      emailVerified: true,
      username: name,
      displayName: name,
      firstName: p.firstName,
      lastName: p.lastName,
      photoUrl: p.photoUrl,
    });
    // Lost a race with a sign-up of the same address: link to that account instead.
    user ??= await d.users.findByEmail(p.email);
  }
  if (!user) throw badRequest('This account could not be created. Please try again.');
  await d.db
    .insert(userIdentities)
    .values({ userId: user.id, provider: p.provider, subject: p.subject })
    .onConflictDoNothing();
  return startSession(d, user.id);
}
