import { Alert, Button, FileButton, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CHANNEL_IMAGE_TYPES,
  channelEditSchema,
  type ChannelEdit,
  type ChannelInfo,
} from '@ridealong/contracts';
import { useCloseAfterSave } from '../../../lib/useCloseAfterSave';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useEditChannel } from '../api/useEditChannel';
import { useUploadChannelImage } from '../api/useUploadChannelImage';

type Props = { owner: ChannelInfo['user']; onDone: () => void };

/**
 * The owner's channel form. The spec's original checked a field named `title`, so its rule
 * never fired; here channel_title is required ('Required') as intended (document 001 section 5).
 */
export function ChannelEditForm({ owner, onDone }: Props) {
  const edit = useEditChannel();
  const image = useUploadChannelImage();
  const [locked, lock] = useSubmitLock();
  const { saved, saving, succeeded } = useCloseAfterSave(onDone);
  const form = useForm<z.input<typeof channelEditSchema>, unknown, ChannelEdit>({
    resolver: zodResolver(channelEditSchema),
    mode: 'onTouched',
    defaultValues: {
      channel_title: owner.channel_title ?? owner.display_name,
      channel_description: owner.channel_description ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((fields) => {
    saving();
    edit.mutate(fields, { onSuccess: succeeded });
  });

  return (
    <form
      aria-label="Edit channel"
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
        <TextInput
          label="Channel title"
          error={errors.channel_title?.message}
          {...form.register('channel_title')}
        />
        <Textarea
          label="Channel description"
          autosize
          minRows={2}
          maxRows={8}
          error={errors.channel_description?.message}
          {...form.register('channel_description')}
        />
        <Group gap="sm">
          <FileButton
            accept={CHANNEL_IMAGE_TYPES.join(',')}
            onChange={(file) => {
              if (file) image.mutate(file);
            }}
          >
            {(props) => (
              <Button {...props} variant="default" loading={image.isPending}>
                Change channel image
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PNG, JPEG or WebP, up to 5 MB.
          </Text>
        </Group>
        {image.isError ? (
          <Text c="red" size="sm" role="alert">
            {image.error.message}
          </Text>
        ) : null}
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
