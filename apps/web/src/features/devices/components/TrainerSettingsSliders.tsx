import { useState } from 'react';
import { Slider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TrainerSettings } from '@ridealong/contracts';
import { useTrackerStore } from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { useSaveTrainerSettings } from '../api/useSaveTrainerSettings';
import { trackerRequests } from '../lib/trackerClient';
import { trainerSettingsOf } from '../lib/trainerSettings';

const percent = (v: number) => `${v} %`;

/**
 * Difficulty and downhill, kept on the profile. A change reaches the tracker at once
 * (set_settings); the Bluetooth source reads the profile on each grade.
 */
export function TrainerSettingsSliders() {
  // Primitives only: a fresh object per read would re-render forever.
  const difficulty = useUserStore((s) => s.user.trainer_difficulty);
  const downhill = useUserStore((s) => s.user.trainer_downhill);
  const saved = trainerSettingsOf({ trainer_difficulty: difficulty, trainer_downhill: downhill });
  const [draft, setDraft] = useState<TrainerSettings | null>(null);
  const settings = draft ?? saved;
  const save = useSaveTrainerSettings();

  const commit = (next: TrainerSettings) => {
    setDraft(null);
    save(next);
    const { connection } = useTrackerStore.getState();
    if (connection.source === 'tracker' && connection.status === 'connected') {
      void trackerRequests.setSettings(next).then((ack) => {
        if (!ack.ok) notifications.show({ color: 'red', title: 'Tracker', message: ack.message });
      });
    }
  };

  return (
    <Stack gap="md">
      <Text fw={600}>Trainer feel</Text>
      <div>
        <Text size="sm">Difficulty: {percent(settings.difficulty)}</Text>
        <Text size="xs" c="dimmed">
          Scales every slope; 100 % rides the road as it is.
        </Text>
        <Slider
          mt="xs"
          min={0}
          max={200}
          step={5}
          value={settings.difficulty}
          label={percent}
          thumbLabel="Difficulty"
          marks={[{ value: 0 }, { value: 100, label: '100 %' }, { value: 200 }]}
          onChange={(difficulty) => setDraft({ ...settings, difficulty })}
          onChangeEnd={(difficulty) => commit({ ...settings, difficulty })}
        />
      </div>
      <div>
        <Text size="sm" mt="sm">
          Downhill: {percent(settings.downhill)}
        </Text>
        <Text size="xs" c="dimmed">
          How much of each descent you feel; 0 % rides descents flat.
        </Text>
        <Slider
          mt="xs"
          min={0}
          max={100}
          step={5}
          value={settings.downhill}
          label={percent}
          thumbLabel="Downhill"
          marks={[{ value: 0 }, { value: 50, label: '50 %' }, { value: 100 }]}
          onChange={(downhill) => setDraft({ ...settings, downhill })}
          onChangeEnd={(downhill) => commit({ ...settings, downhill })}
        />
      </div>
    </Stack>
  );
}
