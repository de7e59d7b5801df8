import { describe, expect, it } from 'vitest';
import { nextChannelStart } from './batches';

describe('channel index batches', () => {
  it('asks for the next 100 until the count is reached', () => {
    expect(nextChannelStart(0, 250, 100)).toBe(100);
    expect(nextChannelStart(100, 250, 100)).toBe(200);
    expect(nextChannelStart(200, 250, 100)).toBeUndefined();
    expect(nextChannelStart(0, 100, 100)).toBeUndefined();
    expect(nextChannelStart(0, 0, 100)).toBeUndefined();
  });
});
