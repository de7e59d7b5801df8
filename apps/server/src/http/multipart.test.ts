import { describe, expect, it } from 'vitest';
import { MULTIPART_MESSAGES, multipartBoundary } from './multipart.js';

describe('multipartBoundary', () => {
  it('reads the boundary, quoted or not, in any case and order of parameters', () => {
    for (const type of [
      'multipart/form-data; boundary=abc123',
      'Multipart/Form-Data; charset=utf-8; BOUNDARY="abc123"',
      'multipart/form-data;boundary=abc123 ',
    ]) {
      expect(multipartBoundary(type)).toEqual({ ok: true, boundary: 'abc123' });
    }
  });

  it('answers without a usable boundary', () => {
    const none = { ok: false, message: MULTIPART_MESSAGES.noBoundary };
    expect(multipartBoundary('multipart/form-data')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; charset=utf-8')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; boundary=')).toEqual(none);
    expect(multipartBoundary('multipart/form-data; boundary=""')).toEqual(none);
    expect(multipartBoundary(`multipart/form-data; boundary=${'b'.repeat(71)}`)).toEqual(none);
  });

  it('answers other content types as not multipart', () => {
    const not = { ok: false, message: MULTIPART_MESSAGES.notMultipart };
    expect(multipartBoundary(undefined)).toEqual(not);
    expect(multipartBoundary('application/json')).toEqual(not);
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toEqual(not);
  });
});
