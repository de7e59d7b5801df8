import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { outboxMailer, smtpMailer } from './lib/mailer.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { ensurePromoVideo } from './sample/promo-video.js';
import { ensureSampleCatalogue } from './sample/catalogue.js';
import { accountOpener } from './modules/accounts/index.js';
import { SAMPLE_MEMBER, seedSampleData } from './sample/seed.js';
import { ensureSampleChallenges } from './sample/challenges.js';
import { roleList } from './roles.js';

function readConfig(): Config {
  try {
    // `--role=api,realtime,worker` (or ROLE); `npm run dev -- --role=worker` passes it here.
    return loadConfig(process.env, process.argv.slice(2));
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function rateLimiterFor(
  config: Config,
): Promise<{ limiter: RateLimiter; close: () => Promise<void> }> {
  if (!config.redisUrl) return { limiter: memoryRateLimiter(), close: async () => undefined };
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  return { limiter: redisRateLimiter(redis), close: async () => void (await redis.quit()) };
}

async function main() {
  const config = readConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');
  const mediaDir = path.join(config.dataDir, 'media');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const rate = await rateLimiterFor(config);
  const bootLog = {
    info: (o: object, m: string) => console.log(m, JSON.stringify(o)),
    warn: (m: string) => console.warn(m),
  };
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, bootLog);
  // The promo video is what api processes offer the home page; the sample member and the
  // sample catalogue are made once, by workers (with the jobs and sweeps).
  const promoVideo =
    config.seedSampleData && config.roles.api
      ? await ensurePromoVideo(mediaDir, config.ffmpegPath, bootLog)
      : null;
  const sampleData = config.seedSampleData && config.roles.worker;

  const app = await buildApp({ config, database, mailer, rateLimiter: rate.limiter, promoVideo });
  if (sampleData && (await seedSampleData(database, accountOpener(database.db, config)))) {
    app.log.info(`sample member created: ${SAMPLE_MEMBER.email} / ${SAMPLE_MEMBER.password}`);
  }
  if (sampleData) {
    const made = await ensureSampleChallenges(database.db);
    if (made > 0) app.log.info(`sample challenges created: ${made}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await rate.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (sampleData) {
    // In the background: the site answers at once while the sample rides are being made.
    const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
    void ensureSampleCatalogue({ db: database.db, mediaDir, log })
      .then((made) => made > 0 && app.log.info(`sample catalogue: ${made} videos made`))
      .catch((e: unknown) => app.log.warn(`sample catalogue not finished: ${String(e)}`));
  }
  app.log.info(
    `RideAlong is serving ${config.publicUrl} (roles: ${roleList(config.roles)}, database: ${database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'outbox'})`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
