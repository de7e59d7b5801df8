// `npm start`: installs what is missing, builds, and serves the app and API on http://localhost:8080
// with embedded defaults (PGlite, local storage, outbox mail) and sample content.
// Migrations run and sample data loads when the server starts.
import path from 'node:path';
import { build, checkNode, ensureNpmPackages, ensureSystemPackage, root, run } from './setup.mjs';

checkNode();
ensureNpmPackages();
ensureSystemPackage('ffmpeg', 'ffmpeg', {
  required: false,
  why: 'it makes the sample promo video and processes uploads',
});
build();

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '8080',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
};
console.log(`\nStarting RideAlong on http://localhost:${env.PORT} (data in ${env.DATA_DIR}).`);
console.log(
  'Sample member: rider@ridealong.local / ridealong. Mail goes to $DATA_DIR/outbox unless SMTP_URL is set.\n',
);
process.exit(run(process.execPath, ['apps/server/dist/main.js'], { env }));
