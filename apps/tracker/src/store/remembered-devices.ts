import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { trackerDeviceKindSchema, trackerTransportSchema } from '@ridealong/contracts';
import { z } from 'zod';
import type { Logger } from '../log.js';

export const rememberedDeviceSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  transport: trackerTransportSchema,
  kinds: z.array(trackerDeviceKindSchema),
  controllable: z.boolean(),
  lastConnectedAt: z.string(),
});
export type RememberedDevice = z.infer<typeof rememberedDeviceSchema>;

const fileSchema = z.object({ version: z.literal(1), devices: z.array(rememberedDeviceSchema) });

/** Devices are remembered newest first; older ones beyond this fall off. */
export const MAX_REMEMBERED_DEVICES = 8;

/** The devices to connect again when seen, kept across restarts. */
export interface RememberedDeviceStore {
  list(): RememberedDevice[];
  get(id: string): RememberedDevice | undefined;
  remember(device: RememberedDevice): Promise<void>;
  forget(id: string): Promise<void>;
}

class RememberedDevices implements RememberedDeviceStore {
  private devices: RememberedDevice[];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    initial: RememberedDevice[],
    private readonly persist: (devices: RememberedDevice[]) => Promise<void>,
  ) {
    this.devices = initial.slice(0, MAX_REMEMBERED_DEVICES);
  }

  list(): RememberedDevice[] {
    return this.devices.map((d) => ({ ...d, kinds: [...d.kinds] }));
  }

  get(id: string): RememberedDevice | undefined {
    return this.devices.find((d) => d.id === id);
  }

  remember(device: RememberedDevice): Promise<void> {
    const others = this.devices.filter((d) => d.id !== device.id);
    this.devices = [device, ...others].slice(0, MAX_REMEMBERED_DEVICES);
    return this.save();
  }

  forget(id: string): Promise<void> {
    if (!this.get(id)) return Promise.resolve();
    this.devices = this.devices.filter((d) => d.id !== id);
    return this.save();
  }

  private save(): Promise<void> {
    // Writes run one after another, each with the list as it is then: the last one wins.
    const next = this.writing.then(() => this.persist(this.list()));
    this.writing = next.catch(() => undefined);
    return next;
  }
}

export function memoryRememberedDevices(initial: RememberedDevice[] = []): RememberedDeviceStore {
  return new RememberedDevices(initial, async () => undefined);
}

/** Writes to a temporary file beside the target, then renames: a crash never leaves half a file. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, text, { encoding: 'utf8', mode: 0o600 });
  await rename(tmp, file);
}

function parseFile(text: string): RememberedDevice[] | null {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.devices : null;
  } catch {
    return null; // not JSON
  }
}

async function load(file: string, log: Logger): Promise<RememberedDevice[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const devices = parseFile(text);
  if (devices) return devices;
  // Keep the unreadable file for a person to look at rather than overwrite it.
  const aside = `${file}.unreadable-${Date.now()}`;
  await rename(file, aside);
  log.warn(`Could not read remembered devices; moved ${file} to ${aside} and started afresh.`);
  return [];
}

/** Opens (or starts) the JSON file of remembered devices. */
export async function openRememberedDevices(
  file: string,
  log: Logger,
): Promise<RememberedDeviceStore> {
  const initial = await load(file, log);
  return new RememberedDevices(initial, (devices) =>
    writeFileAtomic(file, `${JSON.stringify({ version: 1, devices }, null, 2)}\n`),
  );
}
