import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { originOf } from '../origin.js';

/** Voiceover work reads the video's audio; nothing that large is an audio track. */
export const MAX_AUDIO_BYTES = 1024 * 1024 * 1024;

export class DownloadRefusedError extends Error {
  override readonly name = 'DownloadRefusedError';
}

/**
 * The URL when it is an http(s) URL of the app's own server (`origin`), else null: a page
 * cannot make the app fetch from anywhere else (file:, another host, credentials in the URL).
 */
export function serverUrlOnly(raw: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return originOf(url.href) === origin ? url : null;
}

/**
 * Downloads `url` (already checked with serverUrlOnly) into `dir` under a name of the app's
 * own (a hash of the URL's path; the extension kept when it is a plain one). Redirects are
 * refused, so the server origin check holds; at most `maxBytes` are written.
 */
export async function downloadInto(
  fetchFn: typeof fetch,
  url: URL,
  dir: string,
  maxBytes = MAX_AUDIO_BYTES,
): Promise<string> {
  const res = await fetchFn(url, { redirect: 'error' });
  if (!res.ok || !res.body) throw new DownloadRefusedError(`The server answered ${res.status}.`);
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new DownloadRefusedError('The file is too large.');
  await mkdir(dir, { recursive: true });
  const ext = /^\.[a-z0-9]{1,5}$/i.test(path.extname(url.pathname))
    ? path.extname(url.pathname)
    : '';
  const name = createHash('sha256').update(url.pathname).digest('hex').slice(0, 32) + ext;
  const target = path.join(dir, name);
  const partial = `${target}.part`;
  let written = 0;
  const counted = Readable.fromWeb(res.body as WebReadableStream).map((chunk: Buffer) => {
    written += chunk.length;
    if (written > maxBytes) throw new DownloadRefusedError('The file is too large.');
    return chunk;
  });
  try {
    await pipeline(counted, createWriteStream(partial));
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return target;
}
