// Reads the Vitest and Playwright JSON reports and names every test that did not pass, with the
// start of its error, so the last lines of a CI log say which test failed and why.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const firstLines = (text, n = 6) =>
  String(text ?? '')
    // Reports carry ANSI colours; the summary is read as plain text.
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.includes('node_modules'))
    .slice(0, n)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's report: counts, and a line per failed test or per file that failed outside a test. */
export function vitestSummary(file, root) {
  const r = readJson(file);
  if (!r)
    return { passed: 0, failed: 1, note: `${path.relative(root, file)} missing`, failures: [] };
  const failures = [];
  for (const f of r.testResults ?? []) {
    const where = path.relative(root, f.name ?? '');
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(
        `  ✗ ${where} › ${a.fullName ?? a.title}\n${firstLines((a.failureMessages ?? []).join('\n'))}`,
      );
    if (f.status === 'failed' && failedTests.length === 0)
      failures.push(`  ✗ ${where} (the file failed outside its tests)\n${firstLines(f.message)}`);
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + r.numPendingTests + r.numTodoTests,
    failures,
  };
}

function* playwrightSpecs(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) yield { spec, titles: here };
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child, here);
}

/** Playwright's report: counts, and a line per test that was not as expected. */
export function playwrightSummary(file, root) {
  const r = readJson(file);
  if (!r)
    return { passed: 0, failed: 1, note: `${path.relative(root, file)} missing`, failures: [] };
  const failures = [];
  for (const top of r.suites ?? [])
    for (const { spec, titles } of playwrightSpecs(top)) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected') continue;
        const errors = (t.results ?? []).flatMap((x) => x.errors ?? []).map((e) => e.message);
        failures.push(
          `  ✗ ${[...titles, spec.title].join(' › ')} (${t.status})\n${firstLines(errors.join('\n'))}`,
        );
      }
    }
  return {
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky + r.stats.skipped,
    failures,
  };
}
