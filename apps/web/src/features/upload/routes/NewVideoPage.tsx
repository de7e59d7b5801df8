import { useEffect, useRef, useState } from 'react';
import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useBlocker, useNavigate } from 'react-router';
import type { Race } from '@ridealong/contracts';
import { channelsKeys, racesKeys } from '../../../lib/queries/keys';
import { useRaceStatus } from '../../../lib/useRaceStatus';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { ProcessingCard } from '../components/ProcessingCard';
import { UploadForm } from '../components/UploadForm';
import { UploadProgressCard } from '../components/UploadProgressCard';
import { startUpload, type UploadProgress, type UploadSession } from '../lib/uploadSession';

/** After processing finishes the page goes to /videos after this long (document 001 section 9). */
export const UPLOAD_REDIRECT_MS = 3000;

export const LEAVE_DURING_UPLOAD_TEXT =
  'Your files have not been uploaded yet, are you sure you want to leave?';

type Stage =
  | { kind: 'form' }
  | { kind: 'uploading'; race: Race; progress: UploadProgress; error: string | null }
  | { kind: 'processing'; race: Race };

/**
 * /new-video: the form, then the resumable upload with its progress and speed, then the
 * server's processing progress. When processing is done the page goes to /videos after 3 s;
 * the member may also leave once the files are up, and processing goes on.
 */
export function NewVideoPage() {
  const signedIn = useUserStore(selectSignedIn);
  if (!signedIn) return <Navigate to="/login" replace />;
  return <NewVideo />;
}

function NewVideo() {
  const token = useUserStore((s) => s.user.token);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const session = useRef<UploadSession | null>(null);
  const uploading = stage.kind === 'uploading';
  const processingRace = stage.kind === 'processing' ? stage.race : null;
  const status = useRaceStatus(processingRace?.url ?? null, processingRace !== null);

  // Leaving the page ends an upload in flight.
  useEffect(() => () => session.current?.cancel(), []);

  useLeaveWarning(uploading);

  const settled = status.data?.status;
  useEffect(() => {
    if (settled !== 'ready') return;
    void client.invalidateQueries({ queryKey: racesKeys.lists });
    void client.invalidateQueries({ queryKey: channelsKeys.info });
    const timer = setTimeout(() => void navigate('/videos'), UPLOAD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [settled, client, navigate]);

  const begin = (race: Race, files: File[]) => {
    const empty: UploadProgress = {
      bytesUploaded: 0,
      bytesTotal: files.reduce((n, f) => n + f.size, 0),
      speed: null,
      filesDone: 0,
      filesTotal: files.length,
    };
    setStage({ kind: 'uploading', race, progress: empty, error: null });
    session.current = startUpload(
      { raceId: race.id, files, token },
      {
        onProgress: (progress) =>
          setStage((s) => (s.kind === 'uploading' ? { ...s, progress, error: null } : s)),
        onError: (error) => setStage((s) => (s.kind === 'uploading' ? { ...s, error } : s)),
        onComplete: () => {
          session.current = null;
          setStage({ kind: 'processing', race });
        },
      },
    );
  };

  return (
    <Container size="sm" py="xl" data-testid="new-video-page">
      <Stack gap="lg">
        <div>
          <Title order={1}>Upload a video</Title>
          <Text c="dimmed">
            Upload your camera's files; we join, compress and prepare them for riding.
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg">
          {stage.kind === 'form' ? (
            <UploadForm onCreated={begin} />
          ) : stage.kind === 'uploading' ? (
            <UploadProgressCard
              progress={stage.progress}
              error={stage.error}
              onRetry={() => session.current?.retry()}
            />
          ) : (
            <ProcessingCard
              raceUrl={stage.race.url}
              status={status.data}
              onUploadAnother={() => setStage({ kind: 'form' })}
            />
          )}
        </Card>
      </Stack>
    </Container>
  );
}

/** Asks before leaving while files are still going up (in-app links and closing the tab). */
function useLeaveWarning(active: boolean) {
  const blocker = useBlocker(active);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_DURING_UPLOAD_TEXT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
