import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@ridealong/contracts';
import { publicConfigQuery } from './queries/firstLoad';

/** GET /api/v1/config: public settings (social sign-in ids, installer and promo URLs). */
export function usePublicConfig(): PublicConfig | undefined {
  // The home page asks for it on its first render: see checkedByServer in lib/api.ts.
  const { data } = useQuery(publicConfigQuery());
  return data;
}
