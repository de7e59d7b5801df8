import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { GRANT_UNITS } from '@ridealong/contracts';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useCreateCoupon } from '../api/useCreateCoupon';
import {
  ADMIN_COUPON_DEFAULTS,
  ADMIN_FAILURE,
  ADMIN_SUCCESS,
  GRANT_UNIT_LABELS,
  adminCouponFormSchema,
  buildCouponPayload,
  type AdminCouponForm,
} from '../lib/couponForm';

const UNIT_OPTIONS = GRANT_UNITS.map((u) => ({ value: u, label: GRANT_UNIT_LABELS[u] }));
const LEVEL_OPTIONS = [
  { value: 'core', label: 'Core' },
  { value: 'pro', label: 'Pro' },
];

/** Create a coupon: dates typed MM-DD-YYYY (document 001 section 5), sent as ISO. */
export function CouponForm() {
  const create = useCreateCoupon();
  const [locked, lock] = useSubmitLock();
  const form = useForm<AdminCouponForm>({
    resolver: zodResolver(adminCouponFormSchema),
    mode: 'onTouched',
    defaultValues: ADMIN_COUPON_DEFAULTS,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    lock();
    create.mutate(buildCouponPayload(values));
  });

  const numberField = (name: 'amount' | 'max_entries', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={1}
          allowDecimal={false}
          error={errors[name]?.message}
          value={Number.isNaN(field.value) ? '' : field.value}
          // An empty box becomes NaN so zod answers 'Required' instead of keeping the old number.
          onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
          onBlur={field.onBlur}
          data-testid={`admin-coupon-${name === 'amount' ? 'amount' : 'max-entries'}`}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} aria-label="Create a coupon" noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Code"
          error={errors.code?.message}
          data-testid="admin-coupon-code"
          {...form.register('code')}
        />
        <NativeSelect
          label="Level granted"
          data={LEVEL_OPTIONS}
          data-testid="admin-coupon-level"
          {...form.register('account_level')}
        />
        <TextInput
          label="Start date"
          placeholder="MM-DD-YYYY"
          error={errors.start_date?.message}
          data-testid="admin-coupon-start"
          {...form.register('start_date')}
        />
        <TextInput
          label="End date"
          placeholder="MM-DD-YYYY"
          error={errors.end_date?.message}
          data-testid="admin-coupon-end"
          {...form.register('end_date')}
        />
        {numberField('amount', 'Time to grant')}
        <NativeSelect
          label="Unit"
          data={UNIT_OPTIONS}
          data-testid="admin-coupon-unit"
          {...form.register('unit')}
        />
        {numberField('max_entries', 'Max entries')}
      </SimpleGrid>
      <Group mt="lg">
        <Button
          type="submit"
          disabled={locked}
          loading={create.isPending}
          data-testid="admin-coupon-submit"
        >
          Create coupon
        </Button>
      </Group>
      {(create.isSuccess || create.isError) && (
        <Alert
          mt="md"
          color={create.isSuccess ? 'green' : 'red'}
          role="status"
          data-testid="admin-coupon-result"
        >
          {create.isSuccess ? ADMIN_SUCCESS : `${ADMIN_FAILURE} ${create.error?.message ?? ''}`}
        </Alert>
      )}
    </form>
  );
}
