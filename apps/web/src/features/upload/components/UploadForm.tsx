import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { uploadFormSchema, type Race, type UploadForm as UploadFields } from '@ridealong/contracts';
import { UploadIcon } from '../../../components/icons';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import { useCreateUpload } from '../api/useCreateUpload';
import { checkVideoFiles } from '../lib/files';
import { FileOrderList } from './FileOrderList';
import { UploadHelp } from './UploadHelp';

const ACCEPT = 'video/*,.mp4,.mov,.m4v,.mkv,.webm,.avi,.mts,.m2ts';

type UploadFormProps = { onCreated: (race: Race, files: File[]) => void };

/**
 * Name (at least 3 characters), description, visibility, optional offsets and the files in
 * join order. Submitting creates the video; the page then sends the files.
 */
export function UploadForm({ onCreated }: UploadFormProps) {
  const create = useCreateUpload();
  const [locked, lock] = useSubmitLock();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<z.input<typeof uploadFormSchema>, unknown, UploadFields>({
    resolver: zodResolver(uploadFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      description: '',
      search_visible: true,
      channel_visible: true,
      start_offset: 0,
      end_offset: 0,
    },
  });
  const { errors } = form.formState;

  const chooseFiles = (chosen: File[]) => {
    // A new choice replaces the old one: re-selecting is how the join order is fixed.
    setFiles(chosen);
    const check = checkVideoFiles(chosen);
    setFileError(check.ok ? null : check.message);
  };

  const submit = form.handleSubmit((fields) => {
    if (!checkVideoFiles(files).ok) return;
    create.mutate(
      { ...fields, file_count: files.length },
      { onSuccess: (race) => onCreated(race, files) },
    );
  });

  return (
    <form
      aria-label="Upload a video"
      noValidate
      onSubmit={(e) => {
        lock();
        // The files are checked with the fields, so every problem shows at once.
        const check = checkVideoFiles(files);
        setFileError(check.ok ? null : check.message);
        void submit(e);
      }}
    >
      <Stack gap="md">
        {create.isError ? (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Video files
          </Text>
          <Group>
            <FileButton onChange={chooseFiles} accept={ACCEPT} multiple>
              {(props) => (
                <Button {...props} variant="default" leftSection={<UploadIcon size={16} />}>
                  {files.length ? 'Choose again' : 'Choose video files'}
                </Button>
              )}
            </FileButton>
            {files.length ? (
              <Text size="sm" c="dimmed">
                {files.length === 1 ? '1 file' : `${files.length} files`}, joined in this order
              </Text>
            ) : null}
          </Group>
          <FileOrderList files={files} />
          {fileError ? (
            <Text c="red" size="sm" role="alert" data-testid="upload-file-error">
              {fileError}
            </Text>
          ) : null}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {(['start_offset', 'end_offset'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  label={
                    name === 'start_offset' ? 'Start offset (seconds)' : 'End offset (seconds)'
                  }
                  description={
                    name === 'start_offset'
                      ? 'Optional: cut this much from the start.'
                      : 'Optional: cut this much from the end.'
                  }
                  min={0}
                  max={24 * 3600}
                  allowNegative={false}
                  error={errors[name]?.message}
                  value={field.value ?? 0}
                  onChange={(v) => field.onChange(v === '' ? 0 : Number(v))}
                  onBlur={field.onBlur}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Checkbox label="Show in search results." {...form.register('search_visible')} />
        <Checkbox label="Show in my channel." {...form.register('channel_visible')} />
        <UploadHelp />
        <Group>
          <Button type="submit" disabled={locked} loading={create.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
