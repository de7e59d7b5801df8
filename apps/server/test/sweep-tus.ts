import type { TestServer } from './harness.js';
import { NUL_TEXT } from './hostile-inputs.js';
import type { Probe } from './sweep-probes.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
const HOSTILE_IDS = ['2147483648', '1e20', '-1', '1.5', 'abc', NUL_TEXT, '99999999999999999999'];

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/**
 * tus probes: creation with hostile Upload-Metadata (race_id, position, filename), writes to
 * hostile upload ids, and writes at hostile offsets to a real upload.
 */
export async function tusProbes(s: TestServer, token: string): Promise<Probe[]> {
  const created = await s.post('/api/v1/uploads', { name: 'Tus sweep', file_count: 1 }, token);
  const { race } = (await created.json()) as { race: { id: number } };
  const valid = { race_id: String(race.id), position: '0', filename: 'clip.mp4' };
  const post = (fields: Record<string, string>, length = '10'): Probe => ({
    method: 'POST',
    path: '/api/v1/tus',
    headers: { ...TUS, 'upload-length': length, 'upload-metadata': metadata(fields) },
  });

  const probes: Probe[] = [];
  for (const bad of HOSTILE_IDS) {
    probes.push(post({ ...valid, race_id: bad }), post({ ...valid, position: bad }));
  }
  // (Keys travel as header text, which cannot hold a NUL; values are base64.)
  probes.push(post({ ...valid, filename: NUL_TEXT }), post({ ...valid, filename: '\uD800' }));
  for (const length of ['99999999999999999999', '-1', 'abc']) probes.push(post(valid, length));

  const write = (path: string, offset: string): Probe => ({
    method: 'PATCH',
    path,
    headers: { ...TUS, 'upload-offset': offset },
    raw: { type: 'application/offset+octet-stream', text: 'abc' },
  });
  for (const bad of HOSTILE_IDS) {
    const path = `/api/v1/tus/${encodeURIComponent(bad)}`;
    probes.push(
      write(path, '0'),
      { method: 'HEAD', path, headers: TUS },
      { method: 'DELETE', path, headers: TUS },
    );
  }

  // A real upload, then writes at offsets that do not exist.
  const upload = await fetch(`${s.baseUrl}/api/v1/tus`, {
    method: 'POST',
    headers: {
      ...TUS,
      'x-auth-token': token,
      'upload-length': '10',
      'upload-metadata': metadata(valid),
    },
  });
  const location = upload.headers.get('location');
  if (upload.status !== 201 || !location) throw new Error(`tus creation: ${upload.status}`);
  const path = new URL(location, s.baseUrl).pathname;
  for (const offset of ['99999999999999999999', '2147483648', '-1', 'abc', '1e20']) {
    probes.push(write(path, offset));
  }
  return probes;
}
