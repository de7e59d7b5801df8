import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The current upload, kept in paths.userData so it survives a restart of the app: the joined
 * file, the video made for it and the tus upload's URL (the server keeps the offset). No
 * session token is ever written here.
 */
export const uploadStateSchema = z.object({
  version: z.literal(1),
  /** The joined, compressed file (in the app's temporary folder). */
  file: z.string().min(1),
  /** Its work folder (spared by purge-temp while the upload is pending). */
  workDir: z.string().min(1),
  size: z.number().int().positive(),
  filename: z.string().min(1).max(255),
  video: z.object({
    name: z.string(),
    description: z.string(),
    search_visible: z.boolean(),
    channel_visible: z.boolean(),
  }),
  race: z.object({ id: z.number().int().positive(), url: z.string().min(1) }).nullable(),
  uploadUrl: z.string().min(1).nullable(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;

export interface UploadStateStore {
  load(): Promise<UploadState | null>;
  save(state: UploadState): Promise<void>;
  clear(): Promise<void>;
}

export function createUploadStateStore(userData: string): UploadStateStore {
  const dir = path.join(userData, 'uploader');
  const file = path.join(dir, 'upload.json');
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        return null;
      }
      try {
        const parsed = uploadStateSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async save(state) {
      await mkdir(dir, { recursive: true });
      // Written whole, then renamed: a crash never leaves half a state file.
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, JSON.stringify(uploadStateSchema.parse(state)));
      await rename(partial, file);
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}
