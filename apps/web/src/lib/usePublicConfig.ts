import { useQuery } from '@tanstack/react-query';
import type { PublicConfig, publicConfigSchema } from '@ridealong/contracts';
import { apiRequest } from './api';

/** GET /api/v1/config: public settings (social sign-in ids, installer and promo URLs). */
export function usePublicConfig(): PublicConfig | undefined {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: async () =>
      // The home page asks for it on its first render: see checkedByServer in lib/api.ts.
      (await apiRequest<typeof publicConfigSchema>('/config', { checkedByServer: true })).data,
    staleTime: Infinity,
  });
  return data;
}
