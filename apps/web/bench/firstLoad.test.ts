import { describe, expect, it } from 'vitest';
import { firstLoadFiles, htmlScripts, kb, ratio, staticClosure, type Manifest } from './firstLoad';

/** A small build: entry → vendor; home (lazy) → card → vendor; carousel lazy from home. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js'],
    dynamicImports: ['src/features/home/index.ts', 'src/features/profile/index.ts'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  '_card-c.js': { file: 'assets/card-c.js', imports: ['_vendor-b.js'], css: ['assets/card.css'] },
  'src/features/home/index.ts': {
    file: 'assets/home-d.js',
    isDynamicEntry: true,
    imports: ['index.html', '_card-c.js'],
    dynamicImports: ['src/features/home/components/CarouselRow.tsx'],
  },
  'src/features/home/components/CarouselRow.tsx': {
    file: 'assets/CarouselRow-e.js',
    isDynamicEntry: true,
    imports: ['index.html', '_card-c.js', '_embla-f.js'],
  },
  '_embla-f.js': { file: 'assets/embla-f.js' },
  'src/features/profile/index.ts': {
    file: 'assets/profile-g.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

const html = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/index-a.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
  <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  <script src="/legacy.js"></script>
</head><body><div id="root"></div></body></html>`;

describe('htmlScripts', () => {
  it('finds module scripts and modulepreload links, whatever the attribute order and quotes', () => {
    expect(htmlScripts(html)).toEqual({
      entries: ['assets/index-a.js'],
      preloads: ['assets/vendor-b.js'],
    });
    expect(htmlScripts(`<link href='./x.js' rel='modulepreload'>`).preloads).toEqual(['x.js']);
  });

  it('ignores classic scripts and stylesheets', () => {
    const found = htmlScripts('<script src="/a.js"></script><link rel="stylesheet" href="/b.css">');
    expect(found).toEqual({ entries: [], preloads: [] });
  });
});

describe('staticClosure', () => {
  it('follows static imports transitively, each chunk once, roots first', () => {
    expect(staticClosure(manifest, ['src/features/home/index.ts'])).toEqual([
      'src/features/home/index.ts',
      'index.html',
      '_vendor-b.js',
      '_card-c.js',
    ]);
  });

  it('does not follow dynamic imports', () => {
    expect(staticClosure(manifest, ['index.html'])).toEqual(['index.html', '_vendor-b.js']);
  });

  it('refuses a key the manifest does not have', () => {
    expect(() => staticClosure(manifest, ['src/gone.ts'])).toThrow(/no chunk 'src\/gone.ts'/);
  });
});

describe('firstLoadFiles', () => {
  it('counts the entry, its imports and the route with its imports; JavaScript only', () => {
    const load = firstLoadFiles(manifest, html, 'src/features/home/index.ts');
    expect(load.critical.sort()).toEqual([
      'assets/card-c.js',
      'assets/home-d.js',
      'assets/index-a.js',
      'assets/vendor-b.js',
    ]);
    expect(load.afterRender).toEqual([]);
    expect(load.missing).toEqual([]);
  });

  it('lists what the page imports after rendering apart, without what is already counted', () => {
    const load = firstLoadFiles(manifest, html, 'src/features/home/index.ts', [
      'src/features/home/components/CarouselRow.tsx',
    ]);
    expect(load.afterRender).toEqual(['assets/CarouselRow-e.js', 'assets/embla-f.js']);
    expect(load.critical).not.toContain('assets/profile-g.js');
  });

  it('names after-render modules the build does not have instead of failing', () => {
    const load = firstLoadFiles(manifest, html, 'src/features/home/index.ts', ['src/renamed.tsx']);
    expect(load).toMatchObject({ afterRender: [], missing: ['src/renamed.tsx'] });
  });

  it('refuses a route that is not a lazy chunk', () => {
    expect(() => firstLoadFiles(manifest, html, '_card-c.js')).toThrow(/not a lazy chunk/);
    expect(() => firstLoadFiles(manifest, html, 'src/missing.ts')).toThrow(/not a lazy chunk/);
  });

  it('refuses an index.html from another build', () => {
    const stale = html.replace('index-a.js', 'index-old.js');
    expect(() => firstLoadFiles(manifest, stale, 'src/features/home/index.ts')).toThrow(
      /index-old.js, not in the manifest/,
    );
  });
});

describe('kb and ratio', () => {
  it('shows KB of 1024 bytes and percentages with one decimal', () => {
    expect(kb(174_080)).toBe('170.0 KB');
    expect(kb(1536)).toBe('1.5 KB');
    expect(ratio(174_080, 170)).toBe('100.0%');
    expect(ratio(87_040, 170)).toBe('50.0%');
  });
});
