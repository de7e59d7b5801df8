// `npm test`: installs what is missing (npm packages; chromium and ffmpeg on Debian as root),
// then runs every check and test: format, lint, types, unit + integration (Vitest), e2e (Playwright).
// Integration suites also run against PostgreSQL / Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { playwrightSummary, vitestSummary } from './test-report.mjs';
import {
  build,
  checkNode,
  ensureNpmPackages,
  ensureSystemPackage,
  fail,
  root,
  run,
  runOrFail,
} from './setup.mjs';

checkNode();
ensureNpmPackages();
ensureSystemPackage('chromium', 'chromium', {
  required: true,
  why: 'the end-to-end tests drive it',
});
ensureSystemPackage('ffmpeg', 'ffmpeg', { required: true, why: 'the media tests run it' });
for (const v of ['TEST_DATABASE_URL', 'TEST_REDIS_URL']) {
  if (!process.env[v])
    console.warn(`! ${v} is not set: those integration suites run on the embedded defaults only.`);
}

runOrFail('npm', ['run', 'check'], 'Format, lint and type checks');
build();

const vitestReport = path.join(root, 'test-results', 'vitest.json');
const e2eReport = path.join(root, 'e2e', 'test-results', 'results.json');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });
const unit = run('npx', ['vitest', 'run']);
const e2e = run('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e') });

const u = vitestSummary(vitestReport, root);
const p = playwrightSummary(e2eReport, root);
const failures = [...u.failures, ...p.failures];
if (failures.length > 0) console.log(`\nnot passed:\n${failures.join('\n')}`);
console.log(
  `\nunit+integration: ${u.passed} passed, ${u.failed} failed${u.note ? ` (${u.note})` : ''}`,
);
console.log(`e2e: ${p.passed} passed, ${p.failed} failed${p.note ? ` (${p.note})` : ''}`);
console.log(`\ntests: ${u.passed + p.passed} passed, ${u.failed + p.failed} failed`);
if (unit !== 0 || e2e !== 0 || u.failed + p.failed > 0) fail('Some tests failed.');
