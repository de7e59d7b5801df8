/**
 * The environment of every server the e2e specs start (the config's and a spec's own): the
 * embedded database and the file outbox whatever the shell has set (the server treats empty
 * values as unset), no sample catalogue, one admin address, and the local test payment provider asked for by name,
 * so a shell with NODE_ENV=production or Stripe keys does not change the provider.
 */
export function e2eServerEnv(port: number | string, url: string, dataDir: string) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    LOG_LEVEL: 'warn',
    SEED_SAMPLE_DATA: 'false',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    FACEBOOK_APP_ID: '',
    FACEBOOK_APP_SECRET: '',
    WEB_DIST_DIR: '',
    LOCAL_PAYMENTS: 'true',
    STRIPE_SECRET_KEY: '',
    // The built-in Strava stand-in, whatever the shell has set.
    STRAVA_CLIENT_ID: '',
    STRAVA_CLIENT_SECRET: '',
    STRAVA_STANDIN: 'true',
    // The admin of challenge specs (support/challenges.ts).
    ADMIN_EMAILS: 'challenge-admin@example.com',
  } satisfies Record<string, string>;
}
