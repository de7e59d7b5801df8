import {
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_CODE_TTL_MS,
  PASSWORD_RESET_CODE_TTL_MS,
  type SignupRequest,
  type UpdatePasswordRequest,
} from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { isAdminEmail } from '../admins/index.js';
import type { UsersRepository } from '../users/index.js';
import type { EmailCodes } from './email-codes.js';
import { passwordResetMail, verificationMail } from './mails.js';
import type { OpenAccount } from './open-account.js';
import type { SessionStore } from './sessions.js';

export type AccountsDeps = {
  users: UsersRepository;
  sessions: SessionStore;
  codes: EmailCodes;
  mailer: Mailer;
  publicUrl: string;
  /** Inserts a new account with its trial started (see open-account.ts). */
  openAccount: OpenAccount;
  /** ADMIN_EMAILS, lower-cased: such accounts become admins when they sign in. */
  adminEmails: readonly string[];
};

export type SignedIn = { user: UserRow; token: string };

export function accountsService(d: AccountsDeps) {
  /** Issues a new link and mails it. Answers the mail's error (SMTP down), null when sent. */
  async function sendVerification(user: UserRow): Promise<unknown> {
    const code = await d.codes.issue(user.id, 'verify_email', EMAIL_VERIFICATION_CODE_TTL_MS);
    const link = `${d.publicUrl}/email-verified?code=${encodeURIComponent(code)}`;
    try {
      await d.mailer.send(verificationMail(user.email, user.displayName, link));
      return null;
    } catch (err) {
      return err ?? new Error('mail not sent');
    }
  }

  return {
    /**
     * The account is made first; a mail that cannot be sent then (SMTP down) does not undo it:
     * the answer says so (`mailError`) and POST /resend-verification sends another link.
     */
    async signup(req: SignupRequest): Promise<{ user: UserRow; mailError: unknown }> {
      const user = await d.openAccount({
        email: req.email,
        username: req.username,
        displayName: req.username,
        passwordHash: await hashPassword(req.password),
      });
      if (!user) throw conflict(AUTH_MESSAGES.emailTaken);
      return { user, mailError: await sendVerification(user) };
    },

    /**
     * A new verification link for an account that is not verified yet; unknown and verified
     * emails get no mail and the same answer. `mailError` is a mail that could not be sent.
     */
    async resendVerification(email: string): Promise<{ mailError: unknown }> {
      const user = await d.users.findByEmail(email);
      if (!user || user.emailVerified) return { mailError: null };
      return { mailError: await sendVerification(user) };
    },

    async verifyEmail(code: string): Promise<UserRow> {
      const userId = await d.codes.consume(code, 'verify_email');
      const user = userId === null ? null : await d.users.update(userId, { emailVerified: true });
      if (!user) throw badRequest(AUTH_MESSAGES.verifyLinkInvalid);
      return user;
    },

    async signin(email: string, password: string): Promise<SignedIn> {
      const found = await d.users.findByEmail(email);
      if (!found) {
        await burnPasswordCheck(password);
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!(await verifyPassword(found.passwordHash, password))) {
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!found.emailVerified) throw forbidden(AUTH_MESSAGES.unverified);
      return startSession(d, found.id);
    },

    /** Same answer whether or not the account exists; the mail goes only to real accounts. */
    async initiateRecovery(email: string): Promise<void> {
      const user = await d.users.findByEmail(email);
      if (!user) return;
      const code = await d.codes.issue(user.id, 'reset_password', PASSWORD_RESET_CODE_TTL_MS);
      const link = `${d.publicUrl}/change-password/${encodeURIComponent(code)}`;
      await d.mailer.send(passwordResetMail(user.email, link));
    },

    async updatePassword(req: UpdatePasswordRequest): Promise<void> {
      // Checked before the code is used, so a typo does not burn the link.
      if (req.password !== req.password_confirmation)
        throw badRequest(AUTH_MESSAGES.passwordsMustMatch);
      const userId = await d.codes.consume(req.code, 'reset_password');
      if (userId === null) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
      // The mailbox owner proved it: the email counts as verified, old sessions end.
      await d.users.update(userId, {
        passwordHash: await hashPassword(req.password),
        emailVerified: true,
      });
      await d.sessions.revokeAllForUser(userId);
    },

    logout: (token: string) => d.sessions.revoke(token),
  };
}

/** Counts the login and opens a session: shared by email and social sign-in. */
export async function startSession(
  d: Pick<AccountsDeps, 'users' | 'sessions' | 'adminEmails'>,
  userId: number,
): Promise<SignedIn> {
  let user = await d.users.recordLogin(userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.badCredentials);
  // An email added to ADMIN_EMAILS after start takes effect at the member's next sign-in.
  if (!user.admin && isAdminEmail(d.adminEmails, user.email)) {
    user = (await d.users.update(user.id, { admin: true })) ?? user;
  }
  return { user, token: await d.sessions.create(userId) };
}

export type AccountsService = ReturnType<typeof accountsService>;
