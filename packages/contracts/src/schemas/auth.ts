import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { emailLookupSchema, emailSchema } from './common.js';
import { userSchema } from './user.js';

/** Document 000 section 5: an email must have an @ and a dot (and be a real address). */
export const emailField = emailSchema;
/** Sign-in and recovery only look an address up (see emailLookupSchema). */
export const emailLookupField = emailLookupSchema;

export const passwordField = z
  .string()
  .min(1, 'Required')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
  .max(200, 'Password must be at most 200 characters long');

export const signupRequestSchema = z.object({
  username: z.string().trim().min(1, 'Required').max(60),
  email: emailField,
  password: passwordField,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The 201 answer of POST /signup. `verification_mail_sent` (added in issue 21, optional for
 * older servers) is false when the account was made but the mail could not be sent: the client
 * offers POST /resend-verification.
 */
export const signupResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  verification_mail_sent: z.boolean().optional(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** POST /resend-verification: a new verification link for an account not yet verified. */
export const resendVerificationRequestSchema = z.object({ email: emailLookupField });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

export const emailSigninRequestSchema = z.object({
  email: emailLookupField,
  password: z.string().min(1, 'Required').max(200),
});
export type EmailSigninRequest = z.infer<typeof emailSigninRequestSchema>;

/** The auth response of document 000 section 3; the token travels in x-auth-token. */
export const authResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const passwordRecoveryRequestSchema = z.object({ email: emailLookupField });

export const updatePasswordRequestSchema = z.object({
  password: passwordField,
  password_confirmation: z.string().min(1, 'Required').max(200),
  code: z.string().min(1, 'Required').max(200),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  code: z.string().min(1, 'Required').max(200),
});

export const socialAuthRequestSchema = z.object({
  access_token: z.string().min(1, 'Required').max(4096),
});

/** PKCE values (RFC 7636): 43 base64url characters for 32 random bytes or their SHA-256. */
const pkceField = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'Invalid value');

/**
 * POST /api/v1/auth/desktop-handoff (signed in, in the system browser): a one-time code for
 * the desktop app that asked (its loopback callback, its state and PKCE challenge).
 */
export const desktopHandoffRequestSchema = z.object({
  redirect_uri: z.string().min(1).max(500),
  state: z.string().min(1).max(200),
  code_challenge: pkceField,
});
/** Where the browser goes next: the app's callback with the code and the state. */
export const desktopHandoffResponseSchema = z.object({ url: z.string() });

/** POST /api/v1/auth/desktop-exchange (the app's window): the code and the PKCE verifier. */
export const desktopExchangeRequestSchema = z.object({
  code: z.string().min(1).max(200),
  code_verifier: pkceField,
});

/** Public settings the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  facebookAppId: z.string().nullable(),
  /** The promotional video's adaptive streams; null until the sample media is generated. */
  promoVideo: z.object({ hls: z.string(), dash: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Exact texts of document 000 sections 2 and 8. */
export const AUTH_MESSAGES = {
  badCredentials: 'Username or password is incorrect.',
  unverified: 'Please verify your email address before logging in.',
  signedIn: 'You are signed in.',
  emailTaken: 'An account with this email already exists. Sign in now, or reset your password.',
  registered: 'Please verify your email through the link we sent, then sign in.',
  registeredMailFailed:
    'Your account is made, but we could not send the verification email. Please send it again.',
  verificationResent:
    'If this email has an account waiting for verification, we sent it a new link. Open it, then sign in.',
  mailFailed: 'We could not send the email just now. Please try again in a few minutes.',
  recoverySent:
    "If an account exists with this email, we'll send you a link to reset your password now. After you reset your password, log in.",
  recoveryUserNotFound: 'An email has been sent to your account with further instruction.',
  passwordsMustMatch: 'Passwords need to match',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email is verified.',
  loginSuccessPage: 'You are successfully logged in. You can close this tab now.',
  recoveryIntro: "Enter your email and we'll send you a link to reset your password.",
} as const;
