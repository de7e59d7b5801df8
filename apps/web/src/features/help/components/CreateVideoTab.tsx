import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CameraIcon, ShareIcon, UploadIcon } from '../../../components/icons';
import { QaAccordion, type Qa } from './QaAccordion';
import { Steps, type Step } from './Steps';

const STEPS: Step[] = [
  {
    title: 'Record',
    icon: <CameraIcon size={22} />,
    body: (
      <Text>
        Mount an action camera on your handlebars, switch GPS on and go for a ride. Keep each
        recording under 45 minutes. For your first try, a 15-minute test ride is perfect.
      </Text>
    ),
  },
  {
    title: 'Upload',
    icon: <UploadIcon size={22} />,
    body: (
      <Text>
        In the desktop app, choose Upload Videos from the profile menu and select your camera files.
        The uploader joins them, compresses them and reads the GPS data to work out the slope of the
        road, so riders feel every climb.
      </Text>
    ),
  },
  {
    title: 'Share',
    icon: <ShareIcon size={22} />,
    body: (
      <Text>
        Your video appears on{' '}
        <Anchor component={Link} to="/my-channel">
          your channel
        </Anchor>{' '}
        once it is processed. Share the link, host a live group ride on it, and see who rode your
        route.
      </Text>
    ),
  },
];

const GUIDES: Qa[] = [
  {
    id: 'recording',
    question: 'Recording guidelines',
    answer: (
      <Stack gap="xs">
        <List size="sm" spacing={6}>
          <List.Item>
            Keep recordings under 45 minutes. Longer recordings get a reduced bitrate to keep the
            compressed file under 5 GB, so they look less sharp.
          </List.Item>
          <List.Item>
            Camera settings: 4K resolution, 16:9 aspect ratio, 30 fps, wide lens, the highest
            stabilisation setting, and GPS on.
          </List.Item>
          <List.Item>If your camera cannot record 4K, use 2.7K or 1080p instead.</List.Item>
          <List.Item>
            Mount the camera level and steady, with a clear view of the road ahead.
          </List.Item>
          <List.Item>Start with a 15-minute test ride to check your setup.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Always ride safely and obey traffic laws while you record.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'uploading',
    question: 'Uploading instructions',
    answer: (
      <List size="sm" spacing={6} type="ordered">
        <List.Item>
          Make sure you have about 5 GB of free disk space: the uploader needs room to join and
          compress your files.
        </List.Item>
        <List.Item>
          Select only the video files (for example .mp4). Leave out thumbnails and the other files
          your camera creates.
        </List.Item>
        <List.Item>
          The order of the files is the order they are joined in. If it is not the order you
          recorded them in, select them again in the right order.
        </List.Item>
        <List.Item>
          Optionally set a start and an end offset, in seconds, to trim the beginning and the end of
          the ride.
        </List.Item>
        <List.Item>Add a title and a description, then upload.</List.Item>
      </List>
    ),
  },
];

/** The Create Video tab of /setup: record, upload, share, then the creator guides. */
export function CreateVideoTab() {
  return (
    <Stack gap="xl">
      <Steps steps={STEPS} label="Create a video in three steps" />
      <QaAccordion title="Guides" items={GUIDES} />
    </Stack>
  );
}
