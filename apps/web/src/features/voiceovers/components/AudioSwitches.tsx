import { Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Race } from '@ridealong/contracts';
import { useHandleMutes } from '../api/useHandleMutes';
import { VOICEOVER_TEXT } from '../lib/messages';

/**
 * The owner's two switches for viewers (document 001 sections 2 and 4): the video's own sound
 * and the voiceovers, on when not muted. They are locked while the owner's own player is
 * muted, so the owner hears what a switch does.
 */
export function AudioSwitches({ race, playerMuted }: { race: Race; playerMuted: boolean }) {
  const mutes = useHandleMutes(race.url);
  const toggle = (to_change: 'VIDEO' | 'OVERLAY') =>
    mutes.mutate(
      { id: race.id, to_change },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Not changed',
            message: `The switch could not be changed: ${error.message}`,
          }),
      },
    );
  const disabled = playerMuted || mutes.isPending;
  return (
    <Stack gap="xs" data-testid="voiceover-switches">
      <Switch
        label="Video audio"
        checked={!race.mute_video_audio}
        disabled={disabled}
        onChange={() => toggle('VIDEO')}
        data-testid="switch-video-audio"
      />
      <Switch
        label="Voiceover audio"
        checked={!race.mute_overlay_audio}
        disabled={disabled}
        onChange={() => toggle('OVERLAY')}
        data-testid="switch-overlay-audio"
      />
      {playerMuted ? (
        <Text size="sm" c="dimmed" data-testid="voiceover-unmute-hint">
          {VOICEOVER_TEXT.unmuteForSwitches}
        </Text>
      ) : null}
    </Stack>
  );
}
