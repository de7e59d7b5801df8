import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence';

describe('asSentence', () => {
  it('keeps the full stop a message already has (no doubled full stop)', () => {
    expect(asSentence('This checkout has ended.')).toBe('This checkout has ended.');
    expect(`${asSentence('This checkout has ended.')} Start again`).toBe(
      'This checkout has ended. Start again',
    );
  });

  it('adds a full stop to a message without one', () => {
    expect(asSentence('Network error')).toBe('Network error.');
  });

  it('leaves other sentence ends alone, also before a closing quote or bracket', () => {
    expect(asSentence('Try again?')).toBe('Try again?');
    expect(asSentence('Stop!')).toBe('Stop!');
    expect(asSentence('It said "done."')).toBe('It said "done."');
    expect(asSentence('(see the pricing page.)')).toBe('(see the pricing page.)');
  });

  it('trims, and keeps an empty message empty', () => {
    expect(asSentence('  Timed out  ')).toBe('Timed out.');
    expect(asSentence('   ')).toBe('');
  });
});
