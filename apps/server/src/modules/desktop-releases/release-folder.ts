import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { DESKTOP_PLATFORMS, isDesktopVersion, type Platform } from '@ridealong/contracts';
import { MAX_FEED_BYTES, parseFeed, type FeedInfo } from './feed-yml.js';
import { FEED_FILES, INSTALLER_EXTENSIONS, isInstallerName, isSafeName } from './names.js';

export type PublishedInstaller = { file: string; size: number; version: string };

/** What the releases folder publishes, read at one moment (release-cache.ts keeps it). */
export type ReleaseSnapshot = {
  /** The browser download of each platform; null when none is published (or its feed is broken). */
  platforms: Record<Platform, PublishedInstaller | null>;
  /** Every file the server may serve, by exact name, with its size when read. */
  files: ReadonlyMap<string, { size: number }>;
  /** The versions of the readable feeds. */
  versions: string[];
  /** Why a feed or a file was left out (logged once per change of the folder). */
  problems: string[];
};

/** Entries of the folder considered at most: a folder full of junk cannot make a scan costly. */
const MAX_ENTRIES = 2000;

export const emptySnapshot = (problems: string[] = []): ReleaseSnapshot => ({
  platforms: { mac: null, windows: null, linux: null },
  files: new Map(),
  versions: [],
  problems,
});

/** Regular files only (a link could point outside the folder), with their sizes. */
async function regularFiles(dir: string, problems: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let names: string[];
  try {
    names = (await readdir(dir)).slice(0, MAX_ENTRIES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      problems.push(`cannot read the releases folder: ${(error as Error).message}`);
    }
    return found;
  }
  for (const name of names) {
    if (!isSafeName(name)) continue;
    const stat = await lstat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile()) found.set(name, stat.size);
  }
  return found;
}

async function readFeed(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_FEED_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A feed's files, if every one is a bare name in this folder (an updater reads only here). */
function checkFeed(name: string, info: FeedInfo, present: Map<string, number>): string | null {
  if (!isDesktopVersion(info.version))
    return `${name}: version ${info.version.slice(0, 40)} is not x.y.z`;
  for (const { url } of info.files) {
    if (!isSafeName(url)) return `${name}: ${url.slice(0, 80)} is not a file of this folder`;
    if (!present.has(url)) return `${name}: ${url} is not in the folder`;
  }
  if (info.path !== null && !info.files.some((f) => f.url === info.path)) {
    return `${name}: path ${info.path.slice(0, 80)} is not among its files`;
  }
  return null;
}

/** Reads the folder: the feeds, the files they list and the installers beside them. */
export async function scanReleases(dir: string): Promise<ReleaseSnapshot> {
  const problems: string[] = [];
  const present = await regularFiles(dir, problems);
  const snapshot = emptySnapshot(problems);
  const files = new Map<string, { size: number }>();
  const serve = (name: string) => {
    const size = present.get(name);
    if (size !== undefined) files.set(name, { size });
  };
  for (const name of present.keys()) if (isInstallerName(name)) serve(name);
  for (const platform of DESKTOP_PLATFORMS) {
    const name = FEED_FILES[platform];
    if (!present.has(name)) continue;
    serve(name);
    const parsed = parseFeed(await readFeed(path.join(dir, name)).catch(() => ''));
    if (!parsed.ok) {
      problems.push(`${name}: ${parsed.problem}`);
      continue;
    }
    const wrong = checkFeed(name, parsed.info, present);
    if (wrong) {
      problems.push(wrong);
      continue;
    }
    for (const { url } of parsed.info.files) {
      serve(url);
      serve(`${url}.blockmap`);
    }
    snapshot.versions.push(parsed.info.version);
    const installer = parsed.info.files.find((f) => f.url.endsWith(INSTALLER_EXTENSIONS[platform]));
    snapshot.platforms[platform] = installer
      ? { file: installer.url, size: present.get(installer.url) ?? 0, version: parsed.info.version }
      : null;
  }
  return { ...snapshot, files };
}
