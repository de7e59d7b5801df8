import { describe, expect, it } from 'vitest';
import { createPickedFiles } from './picked-files.js';

describe('picked files', () => {
  it('gives each pick an unguessable token and finds it by token or exact path', () => {
    const picked = createPickedFiles();
    const a = picked.add('/home/r/ride.gpx', 'gpx');
    expect(a.token).toMatch(/^[\w-]{32}$/);
    expect(picked.byToken(a.token, 'gpx')?.path).toBe('/home/r/ride.gpx');
    expect(picked.byPath('/home/r/ride.gpx', 'gpx')?.token).toBe(a.token);
    // Picking the same file again keeps its token.
    expect(picked.add('/home/r/ride.gpx', 'gpx').token).toBe(a.token);
  });

  it('knows nothing a page makes up: other paths, other spellings, tokens, kinds', () => {
    const picked = createPickedFiles();
    const a = picked.add('/home/r/ride.gpx', 'gpx');
    expect(picked.byPath('/etc/passwd', 'gpx')).toBeUndefined();
    expect(picked.byPath('/home/r/../r/ride.gpx', 'gpx')).toBeUndefined();
    expect(picked.byPath('/home/r//ride.gpx', 'gpx')).toBeUndefined();
    expect(picked.byToken('x'.repeat(32), 'gpx')).toBeUndefined();
    // A GPX pick is not a video pick, and the other way round.
    expect(picked.byToken(a.token, 'video')).toBeUndefined();
    expect(picked.byPath('/home/r/ride.gpx', 'video')).toBeUndefined();
  });

  it('takes only the absolute paths a dialog returns', () => {
    expect(() => createPickedFiles().add('ride.gpx', 'gpx')).toThrow();
  });
});
