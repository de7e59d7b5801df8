import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without types
import { serverModuleBoundaries } from './server-module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
// The TypeScript parser, so that `import type` and `import('…')` types parse.
const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parser: tseslint.parser },
});
const src = '/repo/apps/server/src';
const videos = `${src}/modules/videos/routes.ts`;
const media = `${src}/modules/media/service.ts`;
const app = `${src}/app.ts`;

tester.run('server-module-boundaries', serverModuleBoundaries, {
  valid: [
    // Own module, shared code, packages.
    { filename: videos, code: "import { list } from './repository.js';" },
    { filename: videos, code: "import { db } from '../../db/client.js';" },
    { filename: videos, code: "import { x } from '@ridealong/contracts';" },
    // A lower module through its public face, however the path is written.
    { filename: videos, code: "import { media } from '../media/index.js';" },
    { filename: videos, code: "export { users } from '../../modules/users/index.js';" },
    { filename: videos, code: "import type { Route } from '../race-route/index.js';" },
    { filename: videos, code: "const m = import('../media/index.js');" },
    // Test files may reach into internals.
    {
      filename: `${src}/modules/media/service.test.ts`,
      code: "import { r } from '../videos/repository.js';",
    },
    { filename: `${src}/db/schema.test.ts`, code: "import { r } from '../modules/videos/x.js';" },
    // Composing code reaches every module through its public face.
    { filename: app, code: "import { videos } from './modules/videos/index.js';" },
    { filename: app, code: "import { all } from './modules/index.js';" },
    {
      filename: `${src}/modules/index.ts`,
      code: "export * from './health/index.js'; export * from './media/index.js';",
    },
    { filename: `${src}/sample/seed.ts`, code: "import { r } from '../modules/races/index.js';" },
    // Shared code may import shared code; files outside the server are not this rule's.
    { filename: `${src}/http/auth.ts`, code: "import { db } from '../db/client.js';" },
    {
      filename: '/repo/apps/web/src/x.ts',
      code: "import { r } from '../../server/src/modules/videos/repository.js';",
    },
  ],
  invalid: [
    {
      filename: videos,
      code: "import { r } from '../media/repository.js';",
      errors: [
        {
          messageId: 'moduleInternals',
          data: { from: 'videos', path: 'repository.js', to: 'media' },
        },
      ],
    },
    {
      filename: videos,
      code: "import type { Row } from '../../modules/media/sub/row.js';",
      errors: [
        { messageId: 'moduleInternals', data: { from: 'videos', path: 'sub/row.js', to: 'media' } },
      ],
    },
    {
      filename: videos,
      code: "type Row = import('../media/row.js').Row;",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: videos,
      code: "export * from '../media/routes.js';",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: media,
      code: "import { v } from '../videos/index.js';",
      errors: [{ messageId: 'moduleUpward', data: { from: 'media', to: 'videos' } }],
    },
    {
      filename: media,
      code: "import type { V } from '../videos/index.js';",
      errors: [{ messageId: 'moduleUpward' }],
    },
    {
      filename: media,
      code: "const v = import('../videos/repository.js');",
      errors: [{ messageId: 'moduleInternals' }, { messageId: 'moduleUpward' }],
    },
    {
      filename: media,
      code: "import { all } from '../index.js';",
      errors: [{ messageId: 'moduleUpward', data: { from: 'media', to: 'modules/index.js' } }],
    },
    {
      filename: `${src}/modules/newcomer/service.ts`,
      code: "import { m } from '../media/index.js';",
      errors: [{ messageId: 'unlistedModule', data: { name: 'newcomer' } }],
    },
    {
      filename: videos,
      code: "import { n } from '../newcomer/index.js';",
      errors: [{ messageId: 'unlistedModule', data: { name: 'newcomer' } }],
    },
    {
      filename: `${src}/db/schema.ts`,
      code: "export * from '../modules/videos/schema.js';",
      errors: [
        {
          messageId: 'sharedImportsModule',
          data: { file: 'src/db/schema.ts', to: 'videos' },
        },
      ],
    },
    {
      filename: `${src}/db/schema/videos.ts`,
      code: "import type { V } from '../../modules/videos/index.js';",
      errors: [{ messageId: 'sharedImportsModule' }],
    },
    {
      filename: `${src}/jobs/worker.ts`,
      code: "import { all } from '../modules/index.js';",
      errors: [
        {
          messageId: 'sharedImportsModule',
          data: { file: 'src/jobs/worker.ts', to: 'modules/index.js' },
        },
      ],
    },
    {
      filename: app,
      code: "import { r } from './modules/videos/routes.js';",
      errors: [
        { messageId: 'moduleInternals', data: { from: 'src', path: 'routes.js', to: 'videos' } },
      ],
    },
    {
      filename: `${src}/standins/strava.ts`,
      code: "import { s } from '../modules/strava/standin/server.js';",
      errors: [
        {
          messageId: 'moduleInternals',
          data: { from: 'standins', path: 'standin/server.js', to: 'strava' },
        },
      ],
    },
  ],
});
