import type { ChannelRow } from '@ridealong/contracts';

/** The name a channel goes by: its title, else its owner's display name. */
export function channelTitleOf(channel: Pick<ChannelRow, 'channel_title' | 'display_name'>) {
  return channel.channel_title?.trim() || channel.display_name;
}

/** 'N workouts'. A channel row carries only its newest few videos, so a full row reads 'N+'. */
export function workoutCountLabel(shown: number, rowLimit: number): string {
  if (shown >= rowLimit) return `${rowLimit}+ workouts`;
  return shown === 1 ? '1 workout' : `${shown} workouts`;
}
