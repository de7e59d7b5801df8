import { PLAN_TEXT, PORTAL_REDIRECT_MS } from '@ridealong/contracts';
import { useRefreshedUser } from '../api/useRefreshedUser';
import { WaitCard } from '../components/WaitCard';
import { useRedirectAfter } from '../hooks/useRedirectAfter';

/**
 * /portal-redirect: the return from the billing portal (and the desktop app's landing after
 * checkout or portal). Reloads the user, then /profile after 5 s.
 */
export function PortalRedirectPage() {
  const refresh = useRefreshedUser();
  useRedirectAfter('/profile', PORTAL_REDIRECT_MS);
  return (
    <WaitCard
      title="Welcome back"
      message={PLAN_TEXT.updatingAccount}
      testId="portal-redirect-message"
      refreshError={refresh.error}
    />
  );
}
