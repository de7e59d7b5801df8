import { describe, expect, it } from 'vitest';
import { MAX_REVOKED_PER_MESSAGE, parseInterServerMessage } from './inter-server.js';

const hash = (c: string) => c.repeat(64);
const message = (event: string, payload: unknown, origin: unknown = 'process-1') =>
  JSON.stringify({ origin, event, payload });

describe('parseInterServerMessage', () => {
  it('reads a sessions-revoked message', () => {
    expect(
      parseInterServerMessage(message('sessions-revoked', { tokenHashes: [hash('a'), hash('0')] })),
    ).toEqual({
      ok: true,
      origin: 'process-1',
      event: 'sessions-revoked',
      payload: { tokenHashes: [hash('a'), hash('0')] },
    });
  });

  it.each([
    ['not JSON', '{"origin":', 'not JSON'],
    ['JSON but no envelope', '[1,2]', 'not an inter-server message'],
    [
      'no origin',
      message('sessions-revoked', { tokenHashes: [hash('a')] }, ''),
      'not an inter-server message',
    ],
    ['an unknown event', message('reboot', {}), 'unknown event reboot'],
    ['an inherited name as event', message('constructor', {}), 'unknown event constructor'],
    [
      'no token hashes',
      message('sessions-revoked', { tokenHashes: [] }),
      'bad sessions-revoked payload',
    ],
    [
      'a member id instead',
      message('sessions-revoked', { userId: 7 }),
      'bad sessions-revoked payload',
    ],
    [
      'upper-case hex',
      message('sessions-revoked', { tokenHashes: [hash('A')] }),
      'bad sessions-revoked payload',
    ],
    [
      'a token, not a hash',
      message('sessions-revoked', { tokenHashes: ['abc'] }),
      'bad sessions-revoked payload',
    ],
    [
      'too many hashes for one message',
      message('sessions-revoked', {
        tokenHashes: Array(MAX_REVOKED_PER_MESSAGE + 1).fill(hash('b')),
      }),
      'bad sessions-revoked payload',
    ],
  ])('drops %s', (_why, raw, reason) => {
    expect(parseInterServerMessage(raw)).toEqual({ ok: false, reason });
  });
});
