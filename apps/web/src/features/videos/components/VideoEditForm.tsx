import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { raceEditSchema, type Race, type RaceEdit } from '@ridealong/contracts';
import { useCloseAfterSave } from '../../../lib/useCloseAfterSave';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useEditRace } from '../api/useEditRace';

type VideoEditFormProps = { race: Race; onDone: () => void };

/**
 * The owner's video form (document 001 section 5): title required ('Required'), description,
 * and the two visibility checkboxes. Submit is locked for 400 ms.
 */
export function VideoEditForm({ race, onDone }: VideoEditFormProps) {
  const edit = useEditRace(race.url);
  const [locked, lock] = useSubmitLock();
  const { saved, saving, succeeded } = useCloseAfterSave(onDone);
  const form = useForm<z.input<typeof raceEditSchema>, unknown, RaceEdit>({
    resolver: zodResolver(raceEditSchema),
    mode: 'onTouched',
    defaultValues: {
      url: race.url,
      title: race.title,
      description: race.description,
      search_visible: race.search_visible,
      channel_visible: race.channel_visible,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((fields) => {
    saving();
    edit.mutate(fields, { onSuccess: succeeded });
  });

  return (
    <form
      aria-label="Edit video"
      noValidate
      onSubmit={(e) => {
        lock();
        void submit(e);
      }}
    >
      <Stack gap="md">
        {edit.isError ? (
          <Alert color="red" role="alert">
            {edit.error.message}
          </Alert>
        ) : null}
        <TextInput label="Title" error={errors.title?.message} {...form.register('title')} />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={12}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Checkbox label="Show in search results." {...form.register('search_visible')} />
        <Checkbox label="Show in my channel." {...form.register('channel_visible')} />
        <Group>
          <Button type="submit" disabled={locked} loading={edit.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          {saved ? (
            <Text c="teal.7" size="sm" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
