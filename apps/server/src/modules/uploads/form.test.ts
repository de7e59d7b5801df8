import { describe, expect, it } from 'vitest';
import { parseMultipartFields } from './form.js';

describe('parseMultipartFields', () => {
  it('reads the spec form: strings become booleans and numbers, defaults fill the rest', () => {
    expect(
      parseMultipartFields({
        name: '  Col du Galibier ',
        description: 'Up the north side',
        search_visible: 'false',
        channel_visible: 'true',
        user_id: '7',
      }),
    ).toEqual({
      ok: true,
      value: {
        userId: 7,
        form: {
          name: 'Col du Galibier',
          description: 'Up the north side',
          search_visible: false,
          channel_visible: true,
          start_offset: 0,
          end_offset: 0,
        },
      },
    });
    const r = parseMultipartFields({ name: 'Loop', user_id: '3', start_offset: '12.5' });
    expect(r.ok && r.value.form).toMatchObject({ search_visible: true, start_offset: 12.5 });
  });

  it('names the field at fault', () => {
    expect(parseMultipartFields({ name: 'ab', user_id: '1' })).toEqual({
      ok: false,
      message: 'body.name: Must be 3 characters or more',
    });
    expect(parseMultipartFields({ name: 'abc' })).toMatchObject({ ok: false });
    const bad = parseMultipartFields({ name: 'abc', user_id: '1', start_offset: 'soon' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^body\.start_offset/);
  });
});
