import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { uploadFormSchema } from '@ridealong/contracts';
import { UploadIcon } from '../../../components/icons';
import { useRaceStatus } from '../../../lib/useRaceStatus';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { DesktopFileList } from '../components/DesktopFileList';
import { DesktopUploadProgress } from '../components/DesktopUploadProgress';
import { ProcessingCard } from '../components/ProcessingCard';
import { RecordingGuidance } from '../components/RecordingGuidance';
import { UploadHelp } from '../components/UploadHelp';
import { useDesktopUploader } from '../lib/desktopUploader';

const fieldsSchema = uploadFormSchema.pick({
  name: true,
  description: true,
  search_visible: true,
  channel_visible: true,
});

/**
 * /desktop-uploader: the desktop app's uploader window (Upload Videos). The member picks the
 * camera files in join order with the app's own dialog, cuts each file's start and end, and
 * the app joins, compresses and uploads them (resumable); then the server processes the video.
 */
export function DesktopUploaderPage() {
  const signedIn = useUserStore(selectSignedIn);
  if (!signedIn) return <Navigate to="/login" replace />;
  return <DesktopUploader />;
}

function DesktopUploader() {
  const token = useUserStore((s) => s.user.token);
  const uploader = useDesktopUploader(token);
  const { view } = uploader;
  const status = useRaceStatus(
    view.kind === 'finished' ? view.raceUrl : null,
    view.kind === 'finished',
  );

  return (
    <Container size="sm" py="xl" data-testid="desktop-uploader-page">
      <Stack gap="lg">
        <div>
          <Title order={1}>Upload Videos</Title>
          <Text c="gray.7">
            Your camera’s files are joined and compressed on this computer, then uploaded. An
            interrupted upload continues where it stopped.
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg">
          {!uploader.available ? (
            <Alert color="blue" title="Upload Videos works in the desktop app">
              In the browser,{' '}
              <Anchor component={Link} to="/new-video">
                upload your files here
              </Anchor>
              .
            </Alert>
          ) : view.kind === 'finished' ? (
            <ProcessingCard
              raceUrl={view.raceUrl}
              status={status.data}
              onUploadAnother={uploader.reset}
            />
          ) : view.kind === 'working' ? (
            <DesktopUploadProgress
              progress={view.progress}
              error={uploader.error}
              onPause={uploader.pause}
              onResume={uploader.resume}
              onCancel={uploader.cancel}
            />
          ) : (
            <ChooseFiles uploader={uploader} />
          )}
        </Card>
      </Stack>
    </Container>
  );
}

function ChooseFiles({ uploader }: { uploader: ReturnType<typeof useDesktopUploader> }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [searchVisible, setSearchVisible] = useState(true);
  const [channelVisible, setChannelVisible] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = fieldsSchema.safeParse({
      name,
      description,
      search_visible: searchVisible,
      channel_visible: channelVisible,
    });
    setNameError(fields.success ? null : (fields.error.issues[0]?.message ?? 'Check the name.'));
    setFilesError(uploader.files.length ? null : 'Select at least one video file.');
    if (fields.success && uploader.files.length) uploader.start(fields.data);
  };

  return (
    <form aria-label="Upload videos" noValidate onSubmit={submit}>
      <Stack gap="md">
        {uploader.error ? (
          <Alert color="red" role="alert" title="The upload did not start">
            {uploader.error}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={name}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={8}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Stack gap="xs">
          <Group>
            <Button
              variant="default"
              leftSection={<UploadIcon size={16} />}
              onClick={uploader.pick}
            >
              {uploader.files.length ? 'Add more files' : 'Choose video files'}
            </Button>
            <Text size="sm" c="gray.7">
              Joined in the order listed; move them to change it.
            </Text>
          </Group>
          <DesktopFileList files={uploader.files} onChange={uploader.setFiles} />
          {filesError ? (
            <Text c="red" size="sm" role="alert">
              {filesError}
            </Text>
          ) : null}
        </Stack>
        <Checkbox
          label="Show in search results."
          checked={searchVisible}
          onChange={(e) => setSearchVisible(e.currentTarget.checked)}
        />
        <Checkbox
          label="Show in my channel."
          checked={channelVisible}
          onChange={(e) => setChannelVisible(e.currentTarget.checked)}
        />
        <UploadHelp />
        <RecordingGuidance />
        <Group>
          <Button type="submit" color="blue.9">
            Join and upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
