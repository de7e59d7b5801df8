// ESLint rule: a web feature (apps/web/src/features/<name>) must not import another feature.
// Routes compose features; shared code lives in src/components, src/lib and src/stores.
import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

/** The feature a file path is inside, or null. */
export function featureOf(file) {
  const i = file.indexOf(FEATURES);
  if (i < 0) return null;
  return file.slice(i + FEATURES.length).split(path.sep)[0] ?? null;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features must not import each other' },
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}'. Move shared code to src/components or src/lib, or compose them in app/router.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source));
      if (to && to !== from)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
