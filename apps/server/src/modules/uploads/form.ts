import { idSchema, uploadFormSchema, type UploadForm } from '@ridealong/contracts';
import { z } from 'zod';

const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);
const seconds = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().optional());

/**
 * The fields of POST /api/v1/test-upload arrive as strings: booleans and numbers are read the
 * way HTML forms send them, then the contract's upload form rules apply.
 */
const multipartFieldsSchema = z.object({
  user_id: idSchema,
  search_visible: flag.optional(),
  channel_visible: flag.optional(),
  start_offset: seconds,
  end_offset: seconds,
});

export type MultipartForm = { form: UploadForm; userId: number };

/** Field values -> the upload form, or a message naming the first bad field. */
export function parseMultipartFields(
  fields: Record<string, string>,
): { ok: true; value: MultipartForm } | { ok: false; message: string } {
  const extra = multipartFieldsSchema.safeParse(fields);
  if (!extra.success) return { ok: false, message: firstIssue(extra.error) };
  const { user_id: userId, ...coerced } = extra.data;
  const defined = Object.fromEntries(Object.entries(coerced).filter(([, v]) => v !== undefined));
  const form = uploadFormSchema.safeParse({
    name: fields.name ?? '',
    description: fields.description,
    ...defined,
  });
  if (!form.success) return { ok: false, message: firstIssue(form.error) };
  return { ok: true, value: { form: form.data, userId } };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `body.${issue.path.join('.')}: ${issue.message}` : 'body: is invalid';
}
