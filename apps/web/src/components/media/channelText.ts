import type { ChannelRow } from '@ridealong/contracts';

/** The name a channel goes by: its title, else its owner's display name. */
export function channelTitleOf(channel: Pick<ChannelRow, 'channel_title' | 'display_name'>) {
  return channel.channel_title?.trim() || channel.display_name;
}

/** 'N workouts', from the channel's own count (its row carries only the newest few videos). */
export function workoutCountLabel(count: number): string {
  return count === 1 ? '1 workout' : `${count} workouts`;
}
