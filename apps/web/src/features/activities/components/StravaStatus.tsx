import type { MouseEvent } from 'react';
import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { stravaFailureReason, type Track } from '@ridealong/contracts';
import { getDesktopBridge, openExternal } from '../../../lib/bridge';
import { isStravaBusy, isUploadedToStrava } from '../lib/stravaUpload';

type Props = { track: Track; uploading: boolean };

/**
 * Where a ride stands with Strava, under its figures: uploaded (with its Strava activity),
 * uploading (queued by auto-save or by hand), or the last upload's failure.
 */
export function StravaStatus({ track, uploading }: Props) {
  if (isUploadedToStrava(track)) {
    const url = track.strava_activity_url;
    // In the desktop app the activity opens in the system browser, not in the app's window.
    const openOutside = (e: MouseEvent<HTMLAnchorElement>) => {
      if (url && getDesktopBridge()) {
        e.preventDefault();
        openExternal(url);
      }
    };
    return (
      <Group gap="xs">
        <Badge color="orange" variant="light" data-testid="activity-uploaded">
          Uploaded to Strava
        </Badge>
        {url && (
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            c="orange.8"
            onClick={openOutside}
            data-testid="activity-strava-link"
          >
            View on Strava
          </Anchor>
        )}
      </Group>
    );
  }
  if (uploading || isStravaBusy(track.strava_upload)) {
    return (
      <Group gap={6} data-testid="activity-strava-uploading">
        <Loader size={12} color="orange" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Uploading to Strava…
        </Text>
      </Group>
    );
  }
  if (track.strava_upload === 'failed') {
    return (
      <Text size="sm" c="red.7" data-testid="activity-strava-error">
        Strava upload failed. {stravaFailureReason(track.strava_error ?? 'unknown error')}
      </Text>
    );
  }
  return null;
}
