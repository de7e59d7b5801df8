import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { UserUpdate } from '@ridealong/contracts';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useGeneralStore } from '../../../stores/general';
import { useUiStore } from '../../../stores/ui';
import type { ClientUser } from '../../../stores/user';
import { useUpdateUser } from '../api/useUpdateUser';
import { emptyToNull, profileFormValues, profileUpdate } from '../lib/formValues';
import { profileFormSchema } from '../lib/profileSchema';
import { BodyFields, UnitsChoice } from './BodyFields';
import { PreferenceFields } from './PreferenceFields';

const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];

/**
 * The profile form: read-only until Edit; Save submits and returns to read-only, with a
 * 'Profile saved' notice and a 'Saved' line by the Edit button so the member knows it took.
 */
export function ProfileForm({ user }: { user: ClientUser }) {
  const editable = useUiStore((s) => s.isProfileFormEditable);
  const setEditable = useUiStore((s) => s.setProfileFormEditable);
  const desktop = useGeneralStore((s) => s.electronMode);
  const update = useUpdateUser();
  const [locked, lock] = useSubmitLock();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const initial = useMemo(() => profileFormValues(user), [user]);
  const form = useForm<UserUpdate>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    values: initial,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (fields) => {
    lock();
    setSaveError(null);
    const changed = profileUpdate(fields, user);
    try {
      if (Object.keys(changed).length > 0) await update.mutateAsync(changed);
      setEditable(false);
      setSaved(true);
      notifications.show({
        color: 'green',
        title: 'Profile saved',
        message: 'Your changes are saved.',
      });
    } catch (error) {
      // The form stays editable so nothing typed is lost.
      setSaveError(error instanceof Error ? error.message : 'Saving failed.');
    }
  });
  const onCancel = () => {
    form.reset(initial);
    setSaveError(null);
    setEditable(false);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Profile form" noValidate>
      {saveError && (
        <Alert color="red" mb="md" role="alert" data-testid="profile-save-error">
          {saveError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Display name"
          readOnly={!editable}
          error={errors.display_name?.message}
          data-testid="profile-display_name"
          {...form.register('display_name')}
        />
        <TextInput
          label="Photo (URL)"
          type="url"
          readOnly={!editable}
          error={errors.photo_url?.message}
          data-testid="profile-photo_url"
          {...form.register('photo_url', { setValueAs: emptyToNull })}
        />
        <TextInput
          label="First name"
          readOnly={!editable}
          data-testid="profile-first_name"
          {...form.register('first_name')}
        />
        <TextInput
          label="Last name"
          readOnly={!editable}
          data-testid="profile-last_name"
          {...form.register('last_name')}
        />
        <UnitsChoice form={form} editable={editable} />
        <BodyFields form={form} editable={editable} />
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
              data-testid="profile-gender"
            />
          )}
        />
      </SimpleGrid>
      <PreferenceFields control={form.control} editable={editable} desktop={desktop} />
      <Group mt="lg">
        {editable ? (
          <Group key="editing">
            <Button
              type="submit"
              disabled={locked}
              loading={update.isPending}
              data-testid="profile-edit-toggle"
            >
              Save
            </Button>
            <Button type="button" variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Button
            key="read-only"
            type="button"
            variant="default"
            onClick={() => {
              setSaved(false);
              setEditable(true);
            }}
            data-testid="profile-edit-toggle"
          >
            Edit
          </Button>
        )}
        {/* Always there, so screen readers announce the change to 'Saved'. */}
        <Text role="status" size="sm" fw={600} c="teal.9" data-testid="profile-saved">
          {saved && !editable ? 'Saved' : ''}
        </Text>
      </Group>
    </form>
  );
}
