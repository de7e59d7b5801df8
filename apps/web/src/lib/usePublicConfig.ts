import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@ridealong/contracts';
import { apiRequest } from './api';

/** GET /api/v1/config: public settings (social sign-in ids, installer and promo URLs). */
export function usePublicConfig(): PublicConfig | undefined {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: async () => (await apiRequest('/config', { schema: publicConfigSchema })).data,
    staleTime: Infinity,
  });
  return data;
}
