import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AUTH_TOKEN_HEADER,
  type AdInput,
  type AdPatch,
  type AdServing,
  type AdSlot,
  type AdminAd,
  type adminAdSchema,
  type adServingSchema,
  type adStatsSchema,
} from '@ridealong/contracts';
import { apiRequest, ApiError } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

// Only type imports of the contract's schemas: a slot is part of the home page's first load,
// which must bring no zod (issue 12); the server's serializer has parsed every answer already.
const SERVER_CHECKED = { checkedByServer: true } as const;

const ADS = ['ads'] as const;

export const adsKeys = {
  all: ADS,
  /** What one slot shows; per viewer, so sign-in and sign-out start it over (the token). */
  slot: (slot: AdSlot, token: string) => [...ADS, 'slot', slot, token] as const,
  admin: [...ADS, 'admin'] as const,
  stats: (id: number, days: number) => [...ADS, 'admin', 'stats', id, days] as const,
};

/** GET /api/v1/ads?slot=: what this slot shows this viewer (the server decides). */
export const adServingQuery = (slot: AdSlot, token: string) =>
  queryOptions({
    queryKey: adsKeys.slot(slot, token),
    queryFn: async (): Promise<AdServing> =>
      (await apiRequest<typeof adServingSchema>('/ads', { query: { slot }, ...SERVER_CHECKED }))
        .data,
    // One answer per visit is enough: rotation happens across page views, not while reading.
    staleTime: 5 * 60_000,
    // An ad is never worth a retry: a failed slot collapses.
    retry: false,
  });

/** GET /api/v1/admin/ads: every house ad with its totals (admins only). */
export const adminAdsQuery = () =>
  queryOptions({
    queryKey: adsKeys.admin,
    queryFn: async () =>
      (await apiRequest<z.ZodArray<typeof adminAdSchema>>('/admin/ads', SERVER_CHECKED)).data,
  });

/** GET /api/v1/admin/ads/{id}/stats?days=: an ad's counts per UTC day. */
export const adStatsQuery = (id: number, days = 30) =>
  queryOptions({
    queryKey: adsKeys.stats(id, days),
    queryFn: async () =>
      (
        await apiRequest<typeof adStatsSchema>(`/admin/ads/${id}/stats`, {
          query: { days },
          ...SERVER_CHECKED,
        })
      ).data,
  });

/**
 * A call whose answer may be empty (204) or multipart: apiRequest speaks JSON answers only.
 * Rejects with the server's message as an ApiError.
 */
export async function adCall(
  path: string,
  init: { method: 'POST' | 'DELETE'; body?: FormData },
): Promise<unknown> {
  const token = useUserStore.getState().user.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[AUTH_TOKEN_HEADER] = token;
  const res = await fetch(`/api/v1${path}`, { ...init, headers });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token) useUserStore.getState().logout();
    const message =
      json !== null && typeof json === 'object' && 'message' in json
        ? String(json.message)
        : res.statusText;
    throw new ApiError(res.status, message, json);
  }
  return json;
}

/**
 * POST /api/v1/ads/{id}/impression?slot=: fire and forget, without adCall's error reading (a
 * lost count breaks nothing, and the slot's code is part of the home page's first load).
 */
export function reportImpression(id: number, slot: AdSlot): void {
  const token = useUserStore.getState().user.token;
  void fetch(`/api/v1/ads/${id}/impression?slot=${encodeURIComponent(slot)}`, {
    method: 'POST',
    headers: token ? { [AUTH_TOKEN_HEADER]: token } : {},
    keepalive: true,
  }).catch(() => undefined);
}

/** POST /api/v1/admin/ads: a new house ad (it serves once it has an image). */
export const createAd = async (input: AdInput): Promise<AdminAd> =>
  (
    await apiRequest<typeof adminAdSchema>('/admin/ads', {
      method: 'POST',
      body: input,
      ...SERVER_CHECKED,
    })
  ).data;

/** PATCH /api/v1/admin/ads/{id}: any of its fields. */
export const patchAd = async (id: number, patch: AdPatch): Promise<AdminAd> =>
  (
    await apiRequest<typeof adminAdSchema>(`/admin/ads/${id}`, {
      method: 'PATCH',
      body: patch,
      ...SERVER_CHECKED,
    })
  ).data;

/** DELETE /api/v1/admin/ads/{id}. */
export const deleteAd = async (id: number): Promise<void> => {
  await adCall(`/admin/ads/${id}`, { method: 'DELETE' });
};

/** POST /api/v1/admin/ads/{id}/image: the image as multipart `file` (re-encoded there). */
export const uploadAdImage = async (id: number, file: File): Promise<void> => {
  const body = new FormData();
  body.append('file', file, file.name);
  await adCall(`/admin/ads/${id}/image`, { method: 'POST', body });
};
