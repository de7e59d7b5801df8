import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useCreateChallenge } from '../api/useCreateChallenge';
import {
  ADMIN_CHALLENGE_DEFAULTS,
  KEYWORD_HELP,
  adminChallengeFormSchema,
  buildChallengePayload,
  isRaceKeyword,
  type AdminChallengeForm,
} from '../lib/challengeForm';

/**
 * Create a challenge (document 001 section 5): dates typed MM-DD-YYYY, the type as a
 * case-sensitive keyword, a goal (or, for race, 3 video urls), an optional image and the
 * featured flag. The answer shows as a notification.
 */
export function ChallengeForm() {
  const create = useCreateChallenge();
  const [locked, lock] = useSubmitLock();
  const form = useForm<AdminChallengeForm>({
    resolver: zodResolver(adminChallengeFormSchema),
    mode: 'onTouched',
    defaultValues: ADMIN_CHALLENGE_DEFAULTS,
  });
  const { errors } = form.formState;
  const race = isRaceKeyword(form.watch('challenge_type'));
  const onSubmit = form.handleSubmit((values) => {
    lock();
    create.mutate(buildChallengePayload(values), {
      onSuccess: (challenge) => {
        notifications.show({
          color: 'green',
          title: CHALLENGE_MESSAGES.created,
          message: challenge.title,
        });
        form.reset(ADMIN_CHALLENGE_DEFAULTS);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: CHALLENGE_MESSAGES.failed,
          message: error.message,
        }),
    });
  });

  const text = (name: keyof AdminChallengeForm, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      error={errors[name]?.message}
      data-testid={`admin-challenge-${name.replace('_', '-')}`}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Create a challenge"
      noValidate
      data-testid="admin-challenge-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('title', 'Title')}
        {text('challenge_type', 'Type', { description: KEYWORD_HELP, placeholder: 'race' })}
        {text('start_date', 'Start date', { placeholder: 'MM-DD-YYYY' })}
        {text('end_date', 'End date', { placeholder: 'MM-DD-YYYY' })}
        {race ? (
          text('videos', 'Race videos', {
            description: '3 video urls, separated by commas without spaces',
            placeholder: 'url1,url2,url3',
          })
        ) : (
          <Controller
            control={form.control}
            name="goal"
            render={({ field }) => (
              <NumberInput
                label="Goal"
                description="In the type's unit: mi, avg. watts, mins, videos or rides"
                min={0}
                error={errors.goal?.message}
                value={Number.isNaN(field.value) ? '' : field.value}
                // An empty box is NaN, so the form answers with missingGoal.
                onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
                onBlur={field.onBlur}
                data-testid="admin-challenge-goal"
              />
            )}
          />
        )}
        {text('image_url', 'Image URL (optional)', { placeholder: 'https://…' })}
      </SimpleGrid>
      <Textarea
        mt="sm"
        label="Description"
        autosize
        minRows={2}
        error={errors.description?.message}
        data-testid="admin-challenge-description"
        {...form.register('description')}
      />
      <Checkbox
        mt="md"
        label="Featured"
        data-testid="admin-challenge-featured"
        {...form.register('featured')}
      />
      <Group mt="lg">
        <Button
          type="submit"
          disabled={locked}
          loading={create.isPending}
          data-testid="admin-challenge-submit"
        >
          Create challenge
        </Button>
      </Group>
    </form>
  );
}
