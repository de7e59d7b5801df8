import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@ridealong/contracts';
import { apiRequest } from './api';

/** GET /api/v1/config: public settings (social sign-in ids, installer and promo URLs). */
export function usePublicConfig(): PublicConfig | undefined {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: async () =>
      // The home page asks for it on its first render: its schema loads with the request.
      (await apiRequest('/config', { loadSchema: loadPublicConfigSchema })).data,
    staleTime: Infinity,
  });
  return data;
}

const loadPublicConfigSchema = async () => (await import('./lazySchemas')).lazySchemas.publicConfig;
