import { describe, expect, it } from 'vitest';
import { defaultFitFilename, filenameFromContentDisposition } from './fitFile';

const fallback = defaultFitFilename(42);

describe('filenameFromContentDisposition', () => {
  it('reads a quoted and an unquoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="ride-42.fit"', fallback)).toBe(
      'ride-42.fit',
    );
    expect(filenameFromContentDisposition('attachment; filename=ride-42.fit', fallback)).toBe(
      'ride-42.fit',
    );
  });

  it('prefers the percent-encoded filename*', () => {
    const header = `attachment; filename="Col de l'Iseran.fit"; filename*=UTF-8''Col%20de%20l%E2%80%99Iseran.fit`;
    expect(filenameFromContentDisposition(header, fallback)).toBe('Col de l’Iseran.fit');
  });

  it('unescapes quotes inside a quoted name', () => {
    expect(
      filenameFromContentDisposition('attachment; filename="the \\"big\\" climb.fit"', fallback),
    ).toBe('the "big" climb.fit');
  });

  it('drops path parts', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../x.fit"', fallback)).toBe(
      'x.fit',
    );
  });

  it('falls back without a header or a name', () => {
    expect(filenameFromContentDisposition(null, fallback)).toBe('ridealong-activity-42.fit');
    expect(filenameFromContentDisposition('attachment', fallback)).toBe(fallback);
    expect(filenameFromContentDisposition('attachment; filename=""', fallback)).toBe(fallback);
  });
});
