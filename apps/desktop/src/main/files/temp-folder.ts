import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Empties the app's temporary folder: each entry is removed where it is (a symlink is
 * unlinked, never followed), so nothing outside the folder is touched. `keep` names entries
 * (absolute paths directly inside the folder) still in use, e.g. a paused upload's video.
 * Returns how many entries were removed.
 */
export async function purgeTempFolder(
  tempDir: string,
  keep: readonly string[] = [],
): Promise<number> {
  const root = path.resolve(tempDir);
  const kept = new Set(keep.map((k) => path.resolve(k)));
  let names: string[];
  try {
    names = await readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(root, name);
    if (kept.has(entry)) continue;
    // rm's recursive walk lstat()s: a link to a folder outside is removed as a link.
    await rm(entry, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * A fresh folder inside the temporary folder for one piece of work (`name` is the app's own,
 * never a page's). The folder itself is checked not to be a symlink.
 */
export async function workFolder(tempDir: string, name: string): Promise<string> {
  if (!/^[a-z0-9-]{1,64}$/.test(name)) throw new Error(`invalid work folder name ${name}`);
  const dir = path.join(path.resolve(tempDir), name);
  await mkdir(dir, { recursive: true });
  const info = await lstat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  return dir;
}
