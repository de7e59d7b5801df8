import { Checkbox, Select, Stack, Switch, Text } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import type { UserUpdate } from '@ridealong/contracts';
import { demoModeOptions, demoModeSeconds } from '../lib/formValues';

type BooleanField =
  | 'members_riding_your_videos_notification'
  | 'send_weekly_fitness_summary'
  | 'send_most_ridden_tracks'
  | 'send_who_rode_your_rides';

const NOTIFICATIONS: Array<{ name: BooleanField; label: string }> = [
  { name: 'members_riding_your_videos_notification', label: 'When members ride your videos' },
  { name: 'send_weekly_fitness_summary', label: 'A weekly fitness summary' },
  { name: 'send_most_ridden_tracks', label: 'Your most ridden tracks' },
  { name: 'send_who_rode_your_rides', label: 'Who rode your rides' },
];

type Props = { control: Control<UserUpdate>; editable: boolean; desktop: boolean };

/**
 * Email notifications, Strava auto-save and, in the desktop app only, the demo-mode idle time
 * (section 4: idleness turns demo mode on only in desktop mode, so the web has nothing to set).
 */
export function PreferenceFields({ control, editable, desktop }: Props) {
  return (
    <Stack gap="xs" mt="lg">
      <Text fw={600}>Email me about</Text>
      {NOTIFICATIONS.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              label={label}
              disabled={!editable}
              checked={field.value === true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              data-testid={`profile-${name}`}
            />
          )}
        />
      ))}
      <Text fw={600} mt="sm">
        Strava
      </Text>
      <Controller
        control={control}
        name="strava_auto_save"
        render={({ field }) => (
          <Switch
            label="Save my rides to Strava automatically"
            disabled={!editable}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            data-testid="profile-strava_auto_save"
          />
        )}
      />
      {desktop && (
        <Controller
          control={control}
          name="enter_demo_mode_at"
          render={({ field }) => {
            const seconds = field.value ?? null;
            return (
              <Select
                mt="sm"
                label="Demo mode after idle time"
                data={demoModeOptions(seconds)}
                readOnly={!editable}
                allowDeselect={false}
                value={seconds === null ? 'off' : String(seconds)}
                onChange={(v) => field.onChange(demoModeSeconds(v))}
                data-testid="profile-demo-mode"
              />
            );
          }}
        />
      )}
    </Stack>
  );
}
