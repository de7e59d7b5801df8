// ESLint rule: the server's modules (apps/server/src/modules/<name>) meet only through each
// other's public face (index.ts), only downwards (MODULE_LAYERS), and shared code never imports
// them: shared code gets what it needs passed in (src/app.ts wires modules together).
import path from 'node:path';

/** The modules, lowest layer first: a module may import only the modules listed before it. */
export const MODULE_LAYERS = [
  'media',
  'admins',
  'users',
  'billing',
  'accounts',
  'coupons',
  'races',
  'race-route',
  'channels',
  'videos',
  'gradients',
  'uploads',
  'voiceovers',
  'tracks',
  'challenges',
  'strava',
  'ride',
  'group',
  'events',
  'ads',
  'desktop-releases',
  'config',
  'health',
];

/** Folders of src that hold shared code, below every module. */
const SHARED_FOLDERS = new Set([
  'db',
  'http',
  'lib',
  'jobs',
  'realtime',
  'events',
  'access',
  'shape',
]);
/** Folders of src that compose the modules, as the files directly in src do. */
const COMPOSING_FOLDERS = new Set(['sample', 'standins']);
const SERVER_SRC = '/apps/server/src/';
const PUBLIC_FACES = new Set(['index.js', 'index.ts']);
const TEST_FILE = /\.test\.tsx?$/;

/** A path with '/' separators whatever the platform, so one set of rules reads both. */
function slashed(file) {
  return path.sep === '/' ? file : file.split(path.sep).join('/');
}

/**
 * Where a file sits in the server's src: its src root and its path inside src split into
 * folders, or null outside apps/server/src.
 */
function placeOf(file) {
  const normal = slashed(file);
  const i = normal.indexOf(SERVER_SRC);
  if (i < 0) return null;
  const root = normal.slice(0, i + SERVER_SRC.length);
  return { root, parts: normal.slice(root.length).split('/') };
}

/** What an importing file is: a module, shared code, composing code, or none of these. */
function roleOf(parts) {
  const [top] = parts;
  if (parts.length === 1) return { kind: 'composing', name: 'src' };
  if (top === 'modules')
    return parts.length === 2
      ? { kind: 'composing', name: 'modules' }
      : { kind: 'module', name: parts[1] };
  if (SHARED_FOLDERS.has(top)) return { kind: 'shared', name: top };
  if (COMPOSING_FOLDERS.has(top)) return { kind: 'composing', name: top };
  return null;
}

/**
 * The module an import lands in, and the path inside it; the list of all modules
 * (modules/index.ts) lands in no single module and is named by its path.
 */
function targetOf(parts) {
  if (parts[0] !== 'modules' || parts.length < 2) return null;
  if (parts.length === 2) return { name: `modules/${parts[1]}`, inside: parts[1], listed: false };
  const inside = parts.slice(2).join('/');
  return { name: parts[1], inside, listed: true, publicFace: PUBLIC_FACES.has(inside) };
}

const layerOf = (name) => MODULE_LAYERS.indexOf(name);

export const serverModuleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Server modules import each other only through index.ts and only downwards; shared code imports no module',
    },
    messages: {
      moduleInternals:
        "Module '{{from}}' imports '{{path}}' inside module '{{to}}'. Import what it needs from '{{to}}/index.ts', its public face.",
      moduleUpward:
        "Module '{{from}}' imports module '{{to}}', which sits above it (tools/eslint/server-module-boundaries.js, MODULE_LAYERS). Invert the dependency with a domain event (src/events) or move the shared part down.",
      unlistedModule:
        "Module '{{name}}' is not in MODULE_LAYERS (tools/eslint/server-module-boundaries.js). Add it there: after every module it imports, before every module that imports it.",
      sharedImportsModule:
        "'{{file}}' is shared code and must not import module '{{to}}'; pass what it needs in from the module (see src/app.ts).",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    if (TEST_FILE.test(filename)) return {};
    const place = placeOf(filename);
    if (!place) return {};
    const from = roleOf(place.parts);
    if (!from) return {};

    const reportUnlisted = (node, name) => {
      if (layerOf(name) < 0) context.report({ node, messageId: 'unlistedModule', data: { name } });
    };

    const checkSource = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = slashed(path.resolve(path.dirname(filename), source));
      if (!resolved.startsWith(place.root)) return;
      const to = targetOf(resolved.slice(place.root.length).split('/'));
      if (!to) return;

      if (from.kind === 'shared') {
        const file = `src/${place.parts.join('/')}`;
        context.report({ node, messageId: 'sharedImportsModule', data: { file, to: to.name } });
        return;
      }
      if (from.kind === 'composing') {
        // Composing code may reach every module (and the list of them), through index.ts only.
        if (!to.listed) return;
        reportUnlisted(node, to.name);
        if (!to.publicFace) {
          const data = { from: from.name, path: to.inside, to: to.name };
          context.report({ node, messageId: 'moduleInternals', data });
        }
        return;
      }
      // from.kind === 'module'
      if (to.name === from.name) return;
      if (!to.listed) {
        // The list of all modules holds every module, this one's importers among them.
        context.report({ node, messageId: 'moduleUpward', data: { from: from.name, to: to.name } });
        return;
      }
      reportUnlisted(node, from.name);
      reportUnlisted(node, to.name);
      if (!to.publicFace) {
        const data = { from: from.name, path: to.inside, to: to.name };
        context.report({ node, messageId: 'moduleInternals', data });
      }
      const fromLayer = layerOf(from.name);
      const toLayer = layerOf(to.name);
      if (fromLayer >= 0 && toLayer > fromLayer)
        context.report({ node, messageId: 'moduleUpward', data: { from: from.name, to: to.name } });
    };

    const check = (node) => checkSource(node, node.source?.value);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      // `type T = import('../x/y.js').T`: a type-only reach follows the same rules.
      TSImportType: (node) => checkSource(node, node.argument?.literal?.value),
    };
  },
};
