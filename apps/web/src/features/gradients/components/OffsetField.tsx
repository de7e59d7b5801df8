import { Button, Group, TextInput } from '@mantine/core';
import { nudgeOffset, OFFSET_HELP, OFFSET_NUDGES } from '../lib/offset';

type OffsetFieldProps = {
  value: string;
  onChange: (text: string) => void;
  /** Why the text is not an offset, or null. */
  error: string | null;
  disabled: boolean;
};

/** '−10 s', '+1 s': the visible text is the button's name (a minus sign, not a hyphen). */
export const nudgeLabel = (delta: number) => `${delta < 0 ? '−' : '+'}${Math.abs(delta)} s`;

/** The GPX offset: free text in seconds (section 5) and buttons that nudge it. */
export function OffsetField({ value, onChange, error, disabled }: OffsetFieldProps) {
  return (
    <div>
      <TextInput
        label="Offset (seconds)"
        description={OFFSET_HELP}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        disabled={disabled}
        inputMode="decimal"
        autoComplete="off"
        maw={360}
      />
      <Group gap={6} mt={8} role="group" aria-label="Nudge the offset">
        {OFFSET_NUDGES.map((delta) => (
          <Button
            key={delta}
            size="compact-sm"
            variant="default"
            disabled={disabled}
            onClick={() => onChange(nudgeOffset(value, delta))}
          >
            {nudgeLabel(delta)}
          </Button>
        ))}
      </Group>
    </div>
  );
}
