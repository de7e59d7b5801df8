import { useMutation } from '@tanstack/react-query';
import { createUploadResponseSchema, type createUploadSchema } from '@ridealong/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export type CreateUpload = z.input<typeof createUploadSchema>;

/** POST /api/v1/uploads: a new video waiting for `file_count` tus uploads in join order. */
export function useCreateUpload() {
  return useMutation({
    mutationFn: async (body: CreateUpload) =>
      (
        await apiRequest('/uploads', {
          method: 'POST',
          body,
          schema: createUploadResponseSchema,
        })
      ).data.race,
  });
}
