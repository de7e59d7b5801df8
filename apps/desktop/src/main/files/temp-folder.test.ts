import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeTempFolder, workFolder } from './temp-folder.js';

let root: string;
let temp: string;
let outside: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'purge-'));
  temp = path.join(root, 'temp');
  outside = path.join(root, 'outside');
  await mkdir(temp);
  await mkdir(outside);
  await writeFile(path.join(outside, 'keep.txt'), 'precious');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('purgeTempFolder', () => {
  it('empties the temporary folder, nested folders included, and keeps the folder', async () => {
    await mkdir(path.join(temp, 'audio', 'deep'), { recursive: true });
    await writeFile(path.join(temp, 'audio', 'deep', 'a.m4a'), 'x');
    await writeFile(path.join(temp, 'b.bin'), 'x');
    expect(await purgeTempFolder(temp)).toBe(2);
    expect(await readdir(temp)).toEqual([]);
  });

  it('removes links to files and folders outside as links, never what they point to', async () => {
    await symlink(outside, path.join(temp, 'dir-link'));
    await symlink(path.join(outside, 'keep.txt'), path.join(temp, 'file-link'));
    await mkdir(path.join(temp, 'sub'));
    await symlink(outside, path.join(temp, 'sub', 'nested-link'));
    await purgeTempFolder(temp);
    expect(await readdir(temp)).toEqual([]);
    expect(await readdir(outside)).toEqual(['keep.txt']);
  });

  it('spares what is in use and ignores paths that are not its own entries', async () => {
    await mkdir(path.join(temp, 'upload-1'));
    await writeFile(path.join(temp, 'upload-1', 'joined.mp4'), 'x');
    await writeFile(path.join(temp, 'old'), 'x');
    await purgeTempFolder(temp, [path.join(temp, 'upload-1'), path.join(temp, '..', 'outside')]);
    expect(await readdir(temp)).toEqual(['upload-1']);
    expect(await readdir(outside)).toEqual(['keep.txt']);
  });

  it('does nothing when the folder does not exist', async () => {
    expect(await purgeTempFolder(path.join(root, 'none'))).toBe(0);
  });
});

describe('workFolder', () => {
  it('makes a folder of the app’s own name inside the temporary folder only', async () => {
    expect(await workFolder(temp, 'upload-ab12')).toBe(path.join(temp, 'upload-ab12'));
    await expect(workFolder(temp, '../outside')).rejects.toThrow();
    await expect(workFolder(temp, 'a/b')).rejects.toThrow();
  });

  it('refuses a work folder that was swapped for a link', async () => {
    await symlink(outside, path.join(temp, 'upload-x'));
    await expect(workFolder(temp, 'upload-x')).rejects.toThrow(/not a folder/);
  });
});
