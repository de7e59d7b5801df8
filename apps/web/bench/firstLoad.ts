/**
 * Which built files a guest's first load of a page fetches, read from Vite's manifest and
 * index.html (pure: the caller reads the files and gzips them).
 *
 * What counts: the JavaScript the browser must run before the page is interactive, i.e.
 * - the entry script of index.html and every module it imports statically (the
 *   `<link rel="modulepreload">` tags; the manifest's `imports`, followed transitively);
 * - the route's lazy chunk (react-router loads it before it renders anything) and its static
 *   imports, which Vite's preload helper fetches in parallel with it.
 * Listed apart (`afterRender`): what the page imports by itself once rendered (the carousel,
 * once a row has items); the bench counts both lists against the budget, as a guest's browser
 * fetches both. Not counted: imports made on a click (drawers, the promo video) or on a
 * failure (the failure schema). A Chromium check of a guest's load of `/` fetched exactly
 * both lists.
 */

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/** The module scripts and modulepreload links of a built index.html, as paths without '/'. */
export function htmlScripts(html: string): { entries: string[]; preloads: string[] } {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}=["']([^"']+)["']`, 'i').exec(tag)?.[1] ?? null;
  const clean = (url: string) => url.replace(/^\.?\//, '');
  const entries: string[] = [];
  const preloads: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag) && attr(tag, 'type') === 'module') {
      const src = attr(tag, 'src');
      if (src) entries.push(clean(src));
    } else if (/^<link/i.test(tag) && attr(tag, 'rel') === 'modulepreload') {
      const href = attr(tag, 'href');
      if (href) preloads.push(clean(href));
    }
  }
  return { entries, preloads };
}

/** The manifest keys of `roots` and everything they import statically, each once, roots first. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk '${key}'`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return [...seen];
}

export type FirstLoad = {
  /** JavaScript files fetched before the page is interactive (counted against the budget). */
  critical: string[];
  /** JavaScript files the rendered page fetches by itself afterwards (counted too). */
  afterRender: string[];
  /** Given after-render modules that are no chunk of this build (renamed, or an older build). */
  missing: string[];
};

/**
 * The first load of a route: `routeKey` is the manifest key of the route's lazy module
 * (e.g. 'src/features/home/index.ts'); `afterRenderKeys` are the modules the page imports
 * dynamically as soon as it renders. Files come back as dist-relative paths of .js files.
 */
export function firstLoadFiles(
  manifest: Manifest,
  html: string,
  routeKey: string,
  afterRenderKeys: string[] = [],
): FirstLoad {
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entryKeys.length === 0) throw new Error('the manifest has no entry chunk');
  const route = manifest[routeKey];
  if (!route?.isDynamicEntry) throw new Error(`'${routeKey}' is not a lazy chunk in the manifest`);
  const fileOf = (key: string) => (manifest[key] as ManifestChunk).file;
  const isJs = (file: string) => file.endsWith('.js');

  const { entries, preloads } = htmlScripts(html);
  const entryFiles = entryKeys.map(fileOf);
  for (const file of entries) {
    if (!entryFiles.includes(file))
      throw new Error(`index.html loads ${file}, not in the manifest`);
  }
  const critical = new Set([
    ...entries,
    ...preloads,
    ...staticClosure(manifest, [...entryKeys, routeKey]).map(fileOf),
  ]);
  const present = afterRenderKeys.filter((key) => manifest[key]);
  const later = staticClosure(manifest, present)
    .map(fileOf)
    .filter((file) => !critical.has(file));
  return {
    critical: [...critical].filter(isJs),
    afterRender: later.filter(isJs),
    missing: afterRenderKeys.filter((key) => !manifest[key]),
  };
}

/** Bytes as KB (1024 bytes), one decimal, the unit of issue 12's 245 KB and 170 KB. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A size against a reference as a percentage ('68.2%'). */
export function ratio(bytes: number, referenceKb: number): string {
  return `${((bytes / 1024 / referenceKb) * 100).toFixed(1)}%`;
}
