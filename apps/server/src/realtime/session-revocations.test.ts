import { describe, expect, it } from 'vitest';
import { MAX_REVOKED_PER_MESSAGE } from '@ridealong/contracts';
import { localBus } from './inter-server-bus.js';
import { busRevocations, type SessionRevocation } from './session-revocations.js';

const hashes = (n: number) => Array.from({ length: n }, (_, i) => i.toString(16).padStart(64, '0'));

describe('busRevocations', () => {
  it('publishes a member’s many sessions in messages of a bounded size, none lost', () => {
    const revocations = busRevocations(localBus());
    const heard: SessionRevocation[] = [];
    revocations.subscribe((r) => void heard.push(r));
    const all = hashes(2 * MAX_REVOKED_PER_MESSAGE + 1);
    revocations.publish(all);
    expect(heard.map((m) => m.tokenHashes.length)).toEqual([
      MAX_REVOKED_PER_MESSAGE,
      MAX_REVOKED_PER_MESSAGE,
      1,
    ]);
    expect(heard.flatMap((m) => m.tokenHashes)).toEqual(all);
  });

  it('publishes nothing for no sessions', () => {
    const revocations = busRevocations(localBus());
    const heard: SessionRevocation[] = [];
    revocations.subscribe((r) => void heard.push(r));
    revocations.publish([]);
    expect(heard).toEqual([]);
  });
});
