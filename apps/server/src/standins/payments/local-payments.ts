import path from 'node:path';
import { fileSecret } from '../../lib/secrets.js';
import type { PaymentsStandIn } from '../../modules/billing/index.js';
import { localActions } from './local-actions.js';
import { localProvider } from './local-provider.js';
import { localPageRoutes } from './local-routes.js';
import { localStore } from './local-store.js';
import { tokenSigner } from './signed-tokens.js';

/** The local test provider, its store and its checkout and portal pages (docs/billing.md). */
export const localPayments: PaymentsStandIn = async ({ db, publicUrl, dataDir, webhookFor }) => {
  // Kept in the data folder like media-signing.key: pages and links survive restarts.
  const webhookSecret = await fileSecret(path.join(dataDir, 'local-payments-webhook.key'));
  const store = localStore(db);
  const portalTokens = tokenSigner(webhookSecret, 'local-portal');
  const provider = localProvider({ store, publicUrl, webhookSecret, portalTokens });
  const actions = localActions({
    db,
    store,
    webhookSecret,
    deliverWebhook: webhookFor(provider),
  });
  return {
    provider,
    pageRoutes: localPageRoutes({
      actions,
      portalTokens,
      formTokens: tokenSigner(webhookSecret, 'local-form'),
      publicUrl,
    }),
  };
};
