import { Tabs, Text } from '@mantine/core';
import type { Race } from '@ridealong/contracts';
import type { VideoTab } from '../lib/tabs';
import { DescriptionTab } from './DescriptionTab';

const LABELS: Record<VideoTab, string> = {
  description: 'Description',
  voiceover: 'Voiceover',
  gradients: 'Gradients',
};

/** Voiceovers and gradient uploads arrive with the next part of the video work. */
const COMING: Record<Exclude<VideoTab, 'description'>, string> = {
  voiceover:
    'Voiceovers are coming soon: the video owner will be able to talk riders through the route.',
  gradients: 'Gradient uploads are coming soon: add a GPX file so trainers follow the road.',
};

/** The tabbed area under the player. */
export function VideoTabs({ race, owner, tabs }: { race: Race; owner: boolean; tabs: VideoTab[] }) {
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
        <DescriptionTab race={race} owner={owner} />
      </Tabs.Panel>
      {tabs
        .filter((tab): tab is Exclude<VideoTab, 'description'> => tab !== 'description')
        .map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="lg">
            <Text c="dimmed">{COMING[tab]}</Text>
          </Tabs.Panel>
        ))}
    </Tabs>
  );
}
