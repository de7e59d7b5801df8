import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { racesKeys } from '../../../lib/queries/keys';
import { useGeneralStore } from '../../../stores/general';
import { fixtureRace } from '../../../test/raceFixture';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { serveApi, type Served, type ServedCall } from '../lib/testFixtures';
import { VoiceoverTab } from './VoiceoverTab';

/** Tests only: the Voiceover tab on a video page of its own, with the app's providers. */

export const OWNER_ID = 7;
export const race = fixtureRace(1, { user_id: OWNER_ID, duration: 60 });

/** The page's video as the race query holds it, so a switch's answer shows as it would. */
function Page({ owner, video }: { owner: boolean; video: HTMLVideoElement | null }) {
  const { data } = useQuery({
    queryKey: racesKeys.one(race.url),
    queryFn: () => race,
    initialData: race,
    staleTime: Infinity,
  });
  return <VoiceoverTab race={data ?? race} owner={owner} videoRef={{ current: video }} />;
}

export function renderTab(opts: {
  owner: boolean;
  electron: boolean;
  video?: HTMLVideoElement | null;
}) {
  if (opts.owner) signInAs(fixtureUser(OWNER_ID));
  useGeneralStore.getState().setElectronMode(opts.electron);
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      { path: '/video/:id', element: <Page owner={opts.owner} video={opts.video ?? null} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/video/${race.url}`] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

/** The overlay lists answer `layers` (asked again on every call); other calls go to `other`. */
export function server(
  layers: unknown[] | (() => unknown[]),
  other: (call: ServedCall) => Served = () => ({
    status: 404,
    json: { status: 'failure', message: 'Not found' },
  }),
) {
  return serveApi((call) =>
    call.path.startsWith('/overlay/for-video/') || call.path.startsWith('/overlay/video-owner/')
      ? { json: typeof layers === 'function' ? layers() : layers }
      : other(call),
  );
}
