import { Suspense, type ComponentType, type RefObject } from 'react';
import { Tabs, Text } from '@mantine/core';
import type { Race } from '@ridealong/contracts';
import type { VideoTab } from '../lib/tabs';
import { DescriptionTab } from './DescriptionTab';

const LABELS: Record<VideoTab, string> = {
  description: 'Description',
  voiceover: 'Voiceover',
  gradients: 'Gradients',
};

type OwnerTab = Exclude<VideoTab, 'description'>;

/** What a tab built as a feature of its own is given. */
export type VideoTabPanelProps = {
  race: Race;
  owner: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
};

/**
 * The tabs that are features of their own (features/gradients, ...): the router hands them in,
 * as features never import each other (tools/eslint/feature-boundaries.js).
 */
export type VideoTabPanels = Partial<Record<OwnerTab, ComponentType<VideoTabPanelProps>>>;

/** Voiceovers arrive with the next part of the video work. */
const COMING: Partial<Record<OwnerTab, string>> = {
  voiceover:
    'Voiceovers are coming soon: the video owner will be able to talk riders through the route.',
};

/** The tabbed area under the player. */
type VideoTabsProps = {
  race: Race;
  owner: boolean;
  tabs: VideoTab[];
  /** The player's <video>, for the tabs that follow or drive it. */
  videoRef: RefObject<HTMLVideoElement | null>;
  panels: VideoTabPanels;
};

export function VideoTabs({ race, owner, tabs, videoRef, panels }: VideoTabsProps) {
  return (
    <Tabs defaultValue="description" keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {LABELS[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="description" pt="lg">
        <DescriptionTab race={race} owner={owner} videoRef={videoRef} />
      </Tabs.Panel>
      {tabs
        .filter((tab): tab is OwnerTab => tab !== 'description')
        .map((tab) => {
          const Panel = panels[tab];
          return (
            // The voiceover panel stays mounted while another tab shows: the owner's unsaved
            // recordings (and a take in progress) live in it.
            <Tabs.Panel key={tab} value={tab} pt="lg" keepMounted={tab === 'voiceover'}>
              {Panel ? (
                <Suspense fallback={<Text c="dimmed">Loading…</Text>}>
                  <Panel race={race} owner={owner} videoRef={videoRef} />
                </Suspense>
              ) : (
                <Text c="dimmed">{COMING[tab]}</Text>
              )}
            </Tabs.Panel>
          );
        })}
    </Tabs>
  );
}
