import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const DEADLINE_MS = 10_000;
const STEP_MS = 100;

/** The outbox of the config's server, or of a spec's own server when `dataDir` is given. */
function outboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

async function mailFilesFor(to: string, dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // Names are `<ISO time>-<to>.eml`, so sorting by name sorts by time.
  return names
    .filter((n) => n.endsWith('.eml') && n.includes(to))
    .sort()
    .reverse();
}

/**
 * The newest mail written to the server's outbox for `to` (optionally the newest whose text
 * contains `containing`). Polls the folder: the server writes the file after answering.
 */
export async function readLatestMail(
  to: string,
  options: { containing?: string; dataDir?: string } = {},
): Promise<string> {
  const dir = outboxDir(options.dataDir);
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    for (const name of await mailFilesFor(to, dir)) {
      const text = await readFile(path.join(dir, name), 'utf8');
      if (!options.containing || decodeQuotedPrintable(text).includes(options.containing)) {
        return text;
      }
    }
    if (Date.now() > deadline) {
      const what = options.containing ? ` containing '${options.containing}'` : '';
      throw new Error(`No mail to ${to}${what} in ${dir} after ${DEADLINE_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
}

/** Undoes quoted-printable soft line breaks and the escaped '=' that URLs carry. */
export function decodeQuotedPrintable(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** The first http(s) URL in the mail whose text contains `pathPrefix`. */
export function extractLink(eml: string, pathPrefix: string): string {
  const urls = decodeQuotedPrintable(eml).match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = urls.find((u) => u.includes(pathPrefix));
  if (!link) throw new Error(`No link containing '${pathPrefix}' in the mail:\n${eml}`);
  return link;
}
