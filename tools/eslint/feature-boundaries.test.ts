import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without types
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const home = '/repo/apps/web/src/features/home/routes/HomePage.tsx';

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: home, code: "import { x } from '../components/Hero';" },
    { filename: home, code: "import { api } from '../../../lib/api';" },
    {
      filename: '/repo/apps/web/src/app/router.tsx',
      code: "import { a } from '../features/auth';",
    },
  ],
  invalid: [
    {
      filename: home,
      code: "import { LoginPage } from '../../auth';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: home,
      code: "export * from '../../../features/auth/api/x';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: home,
      code: "const m = import('../../terms/routes/TermsPage');",
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
});
