import { Alert, Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { userUpdateSchema, type UserUpdate } from '@ridealong/contracts';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useUiStore } from '../../../stores/ui';
import type { ClientUser } from '../../../stores/user';
import { useUpdateUser } from '../api/useUpdateUser';

const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];

/** The profile form: read-only until Edit; Save submits and returns to read-only. */
export function ProfileForm({ user }: { user: ClientUser }) {
  const editable = useUiStore((s) => s.isProfileFormEditable);
  const setEditable = useUiStore((s) => s.setProfileFormEditable);
  const update = useUpdateUser();
  const [locked, lock] = useSubmitLock();
  const form = useForm<UserUpdate>({
    resolver: zodResolver(userUpdateSchema),
    mode: 'onTouched',
    values: {
      display_name: user.display_name ?? '',
      first_name: user.first_name ?? null,
      last_name: user.last_name ?? null,
      weight: user.weight ?? null,
      height: user.height ?? null,
      gender: user.gender ?? null,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (fields) => {
    lock();
    await update.mutateAsync(fields);
    setEditable(false);
  });

  return (
    <form onSubmit={onSubmit} aria-label="Profile form">
      {update.isError && (
        <Alert color="red" mb="md" role="alert">
          {update.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Display name"
          readOnly={!editable}
          error={errors.display_name?.message}
          {...form.register('display_name')}
        />
        <TextInput label="First name" readOnly={!editable} {...form.register('first_name')} />
        <TextInput label="Last name" readOnly={!editable} {...form.register('last_name')} />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Select
              label="Gender"
              data={GENDERS}
              readOnly={!editable}
              clearable
              value={field.value ?? null}
              onChange={(v) => field.onChange(v)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="weight"
          render={({ field }) => (
            <NumberInput
              label="Weight (kg)"
              readOnly={!editable}
              min={20}
              max={300}
              decimalScale={1}
              error={errors.weight?.message}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(v === '' ? null : Number(v))}
            />
          )}
        />
        <Controller
          control={form.control}
          name="height"
          render={({ field }) => (
            <NumberInput
              label="Height (cm)"
              readOnly={!editable}
              min={50}
              max={260}
              error={errors.height?.message}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(v === '' ? null : Number(v))}
            />
          )}
        />
      </SimpleGrid>
      <Group mt="lg">
        {editable ? (
          <Button type="submit" disabled={locked} loading={update.isPending}>
            Save
          </Button>
        ) : (
          <Button type="button" variant="default" onClick={() => setEditable(true)}>
            Edit
          </Button>
        )}
      </Group>
    </form>
  );
}
