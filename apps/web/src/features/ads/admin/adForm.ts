import {
  AD_LIMITS,
  adInputSchema,
  type AdInput,
  type AdSlot,
  type AdminAd,
} from '@ridealong/contracts';

/** The house ad form as typed: datetimes in the admin's local time (datetime-local inputs). */
export type AdFormValues = {
  title: string;
  link_url: string;
  slot: AdSlot;
  starts_at: string;
  ends_at: string;
  weight: number;
  active: boolean;
};

export type AdFormErrors = Partial<Record<keyof AdFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value ('YYYY-MM-DDTHH:mm', local time); '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (UTC); null for an empty or unreadable one. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function emptyAdForm(now: Date = new Date()): AdFormValues {
  return {
    title: '',
    link_url: '',
    slot: 'home',
    starts_at: toLocalInput(now.toISOString()),
    ends_at: '',
    weight: AD_LIMITS.weightMin,
    active: true,
  };
}

export function adFormFrom(ad: AdminAd): AdFormValues {
  return {
    title: ad.title,
    link_url: ad.link_url,
    slot: ad.slot,
    starts_at: toLocalInput(ad.starts_at),
    ends_at: toLocalInput(ad.ends_at),
    weight: ad.weight,
    active: ad.active,
  };
}

/** The form as the contract's input, or the message of each field it fails (zod's). */
export function adInputFrom(
  values: AdFormValues,
): { ok: true; input: AdInput } | { ok: false; errors: AdFormErrors } {
  const parsed = adInputSchema.safeParse({
    ...values,
    starts_at: fromLocalInput(values.starts_at) ?? '',
    ends_at: fromLocalInput(values.ends_at),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: AdFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as keyof AdFormValues])
      errors[field as keyof AdFormValues] = issue.message;
  }
  return { ok: false, errors };
}
