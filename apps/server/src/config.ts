import path from 'node:path';
import { z } from 'zod';
import { resolveRoles, type Roles } from './roles.js';

const bool = z
  .enum(['true', 'false', '1', '0'], { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true' || v === '1');
const optionalUrl = z.url({ message: 'must be a URL' }).optional();
const positiveInt = z.coerce.number({ message: 'must be a number' }).int().positive();
/** A comma-separated list of emails, lower-cased (emails are matched case-insensitively). */
const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e.length > 0),
  )
  .refine((list) => list.every((e) => z.email().safeParse(e).success), {
    message: 'must be comma-separated email addresses',
  });

const envSchema = z.object({
  /** Anything but unset, development or test counts as production (see demoEnvironment). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  HTTP_IDLE_TIMEOUT_SECONDS: positiveInt.default(60),
  /**
   * Who may say the client's address in X-Forwarded-For: 'true' (any hop), a number of proxy
   * hops, or a comma-separated list of proxy addresses/CIDRs. Unset: nobody (the socket's peer).
   */
  TRUST_PROXY: z.string().max(2000).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_SAMPLE_DATA: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('RideAlong <no-reply@ridealong.local>'),
  SESSION_TTL_DAYS: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  RIDE_EVENTS_PER_SECOND: positiveInt.default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_API_BASE_URL: z.url({ message: 'must be a URL' }).default('https://www.googleapis.com'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.url({ message: 'must be a URL' }).default('https://graph.facebook.com'),
  /** The desktop app's published installers and update feed; default $DATA_DIR/releases. */
  RELEASES_DIR: z.string().min(1).optional(),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  MEDIA_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UPLOAD_MAX_BYTES: positiveInt.default(64 * 1024 ** 3),
  JOB_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int().min(0).max(16).default(1),
  JOB_RETRY_BASE_SECONDS: positiveInt.default(30),
  UPLOAD_ABANDON_HOURS: positiveInt.default(24),
  RIDE_ABANDON_HOURS: positiveInt.max(720, 'must be at most 720').default(6),
  TRIAL_DAYS: positiveInt.max(365, 'must be at most 365').default(14),
  ADMIN_EMAILS: emailList.default([]),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_CORE: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_CORE_YEAR: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_YEAR: z.string().min(1).optional(),
  STRIPE_API_URL: optionalUrl,
  LOCAL_PAYMENTS: bool.optional(),
  /** Strava's API application (both or neither); without them the built-in stand-in runs. */
  STRAVA_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  STRAVA_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  STRAVA_BASE_URL: z.url({ message: 'must be a URL' }).default('https://www.strava.com'),
  /**
   * The built-in Strava stand-in when STRAVA_CLIENT_ID is unset: on by default outside
   * production; in production it must be asked for (members would think their rides were on
   * Strava), as LOCAL_PAYMENTS must.
   */
  STRAVA_STANDIN: bool.optional(),
  /** Key of the Strava tokens at rest; default: a random key kept in $DATA_DIR/strava-token.key. */
  STRAVA_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** What this process does, as --role does (roles.ts); the flag wins. */
  ROLE: z.string().max(200).optional(),
  /** A third-party ad page shown sandboxed in ad slots (issue 27); unset or empty: house ads only. */
  ADS_TAG_URL: z
    .url({ message: 'must be an absolute https URL' })
    .max(2000)
    .refine((v) => v.startsWith('https://'), 'must be an absolute https URL')
    .optional(),
});

/**
 * Strava's API application (docs/strava.md); null: the built-in stand-in under /strava-standin
 * (modules/strava/endpoints.ts says where each side of it is).
 */
export type StravaSettings = {
  clientId: string;
  clientSecret: string;
  /** https://www.strava.com, or a local fake in tests: OAuth at /oauth, the API at /api/v3. */
  baseUrl: string;
};

/** Strava's id and secret come together; its base address only matters with them. */
function stravaSettings(e: z.infer<typeof envSchema>): StravaSettings | null {
  if (!e.STRAVA_CLIENT_ID && !e.STRAVA_CLIENT_SECRET) {
    if (e.STRAVA_STANDIN ?? demoEnvironment(e.NODE_ENV)) return null;
    throw new ConfigError(
      [
        'Invalid configuration:',
        `  STRAVA_CLIENT_ID: required with NODE_ENV=${e.NODE_ENV} (and STRAVA_CLIENT_SECRET)`,
        "  STRAVA_STANDIN: or set it to 'true' to run the built-in Strava stand-in (tests only)",
      ].join('\n'),
    );
  }
  if (!e.STRAVA_CLIENT_ID || !e.STRAVA_CLIENT_SECRET) {
    const missing = e.STRAVA_CLIENT_ID ? 'STRAVA_CLIENT_SECRET' : 'STRAVA_CLIENT_ID';
    const other = e.STRAVA_CLIENT_ID ? 'STRAVA_CLIENT_ID' : 'STRAVA_CLIENT_SECRET';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with ${other}`);
  }
  return {
    clientId: e.STRAVA_CLIENT_ID,
    clientSecret: e.STRAVA_CLIENT_SECRET,
    baseUrl: e.STRAVA_BASE_URL.replace(/\/+$/, ''),
  };
}

/** Stripe's settings; without a secret key the built-in local (test) payment provider is used. */
export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe price ids of the four checkout types. */
  prices: { core: string; pro: string; core_year: string; pro_year: string };
  /** Another API address (a local fake in tests); null for Stripe's own. */
  apiUrl: string | null;
};

const STRIPE_REQUIRED = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_CORE',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_CORE_YEAR',
  'STRIPE_PRICE_PRO_YEAR',
] as const;

/** With a secret key every other Stripe setting but the API address is needed. */
function stripeSettings(e: z.infer<typeof envSchema>): StripeSettings | null {
  if (!e.STRIPE_SECRET_KEY) return null;
  const missing = STRIPE_REQUIRED.filter((k) => !e[k]);
  if (missing.length > 0) {
    const lines = missing.map((k) => `  ${k}: required with STRIPE_SECRET_KEY`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const need = (k: (typeof STRIPE_REQUIRED)[number]) => e[k] ?? '';
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: need('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: need('STRIPE_WEBHOOK_SECRET'),
    prices: {
      core: need('STRIPE_PRICE_CORE'),
      pro: need('STRIPE_PRICE_PRO'),
      core_year: need('STRIPE_PRICE_CORE_YEAR'),
      pro_year: need('STRIPE_PRICE_PRO_YEAR'),
    },
    apiUrl: e.STRIPE_API_URL ?? null,
  };
}

export type Config = {
  /** What this process does: --role or ROLE, every role by default (roles.ts). */
  roles: Roles;
  port: number;
  host: string;
  /**
   * A connection that neither sends nor receives for this long is closed (a half-sent body
   * would otherwise hold its scratch files forever); a slow but moving upload is not cut off.
   */
  httpIdleTimeoutMs: number;
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For names the client (rate limits). */
  trustProxy: boolean | number | string[];
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | null;
  seedSampleData: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  sessionTtlMs: number;
  rateLimit: { perIp: number; perEmail: number; windowMs: number };
  /** /ride events one socket may send: per second, and at once (modules/ride/flood-gate.ts). */
  rideEvents: { perSecond: number; burst: number };
  google: { clientId: string; apiBaseUrl: string } | null;
  facebook: { appId: string; appSecret: string; graphUrl: string } | null;
  /** What electron-builder publishes (docs/desktop.md): served at /desktop/releases. */
  releasesDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** HMAC key of signed media URLs; null: a random key kept in $DATA_DIR/media-signing.key. */
  mediaSigningSecret: string | null;
  /** Where uploads, packaged streams and images are kept ($DATA_DIR/media). */
  mediaDir: string;
  /** Largest single uploaded file (tus and multipart). */
  uploadMaxBytes: number;
  /**
   * video.process jobs (ffmpeg) a worker runs at once; 0: none here (another process does).
   * Other jobs have slots of their own (the handler's `concurrency`), so they never wait for it.
   */
  jobConcurrency: number;
  /** First retry delay of a failed job; doubles with every attempt. */
  jobRetryBaseMs: number;
  /** An unfinished upload untouched (rows and partial files) this long is removed. */
  uploadAbandonMs: number;
  /** A ride that received nothing this long is saved (or removed, when empty) by the sweep. */
  rideAbandonMs: number;
  /** Length of the ad-free trial a new account starts with. */
  trialDays: number;
  /** Accounts with these (lower-cased) emails are made admins at start, sign-up and sign-in. */
  adminEmails: readonly string[];
  /** Stripe, or null for the built-in local (test) payment provider. */
  stripe: StripeSettings | null;
  /**
   * Whether the local test provider may run when Stripe is not set (LOCAL_PAYMENTS; default on
   * only without NODE_ENV or with development/test). Its pages give any member a paid plan for free.
   */
  localPayments: boolean;
  /** Strava's API application, or null for the built-in stand-in (STRAVA_CLIENT_ID unset). */
  strava: StravaSettings | null;
  /**
   * Key material of the Strava tokens at rest and the authorisation state (32+ characters);
   * null: a random key kept in $DATA_DIR/strava-token.key (strava/token-crypto.ts).
   */
  stravaTokenKey: string | null;
  /** ADS_TAG_URL: the third-party ad page slots may show (sandboxed), or null for house ads only. */
  adsTagUrl: string | null;
};

/** A bad environment variable stops start-up with a message naming it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment (and the command line's --role) once, at start. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FACEBOOK_APP_ID && !e.FACEBOOK_APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  FACEBOOK_APP_SECRET: required with FACEBOOK_APP_ID',
    );
  }
  const roles = resolveRoles(argv, e.ROLE);
  if (!roles.ok) throw new ConfigError(`Invalid configuration:\n  ${roles.problem}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const stripe = stripeSettings(e);
  const localPayments = e.LOCAL_PAYMENTS ?? demoEnvironment(e.NODE_ENV);
  if (!stripe && !localPayments) throw new ConfigError(paymentsMissing(e.NODE_ENV));
  return {
    roles: roles.roles,
    port: e.PORT,
    host: e.HOST,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : null,
    seedSampleData: e.SEED_SAMPLE_DATA,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    rateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    // A reconnect's resends come one per acknowledgement: three seconds' worth at once is room.
    rideEvents: { perSecond: e.RIDE_EVENTS_PER_SECOND, burst: e.RIDE_EVENTS_PER_SECOND * 3 },
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, apiBaseUrl: e.GOOGLE_API_BASE_URL.replace(/\/$/, '') }
      : null,
    facebook:
      e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
        ? {
            appId: e.FACEBOOK_APP_ID,
            appSecret: e.FACEBOOK_APP_SECRET,
            graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
          }
        : null,
    releasesDir: e.RELEASES_DIR ? path.resolve(e.RELEASES_DIR) : path.join(dataDir, 'releases'),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET ?? null,
    mediaDir: path.join(dataDir, 'media'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobRetryBaseMs: e.JOB_RETRY_BASE_SECONDS * 1000,
    uploadAbandonMs: e.UPLOAD_ABANDON_HOURS * 3600 * 1000,
    rideAbandonMs: e.RIDE_ABANDON_HOURS * 3600 * 1000,
    trialDays: e.TRIAL_DAYS,
    adminEmails: e.ADMIN_EMAILS,
    stripe,
    localPayments,
    strava: stravaSettings(e),
    stravaTokenKey: e.STRAVA_TOKEN_KEY ?? null,
    adsTagUrl: e.ADS_TAG_URL ?? null,
  };
}

/** A server that would hand out plans for free must be told so: Stripe, or LOCAL_PAYMENTS=true. */
function paymentsMissing(nodeEnv: string | undefined): string {
  const why = demoEnvironment(nodeEnv) ? 'with LOCAL_PAYMENTS=false' : `with NODE_ENV=${nodeEnv}`;
  return [
    'Invalid configuration:',
    `  STRIPE_SECRET_KEY: required ${why} (and the other STRIPE_* settings, see .env.example)`,
    "  LOCAL_PAYMENTS: or set it to 'true' to run the local test payment provider, which gives",
    '    every member a paid plan for free (demos and tests only)',
  ].join('\n');
}

/**
 * The local payment provider runs by itself only where nothing real is at stake: NODE_ENV unset
 * (npm start), development or test. Any other value (Production, prod, staging, a typo) is
 * treated as production, so a misspelt NODE_ENV cannot give plans away.
 */
export function demoEnvironment(nodeEnv: string | undefined): boolean {
  const v = nodeEnv?.trim().toLowerCase() ?? '';
  return v === '' || v === 'development' || v === 'test';
}

/** TRUST_PROXY as Fastify takes it (see the schema above). */
export function trustProxyOf(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}
