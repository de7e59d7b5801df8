import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { unitSystemOf, type UnitSystem, type UserUpdate } from '@ridealong/contracts';
import { convertBody } from '../lib/formValues';
import { bodyRanges } from '../lib/profileSchema';

const UNIT_CHOICES = [
  { value: 'imperial', label: 'Imperial (mi, ft, lb)' },
  { value: 'metric', label: 'Metric (km, m, kg)' },
];

type Props = { form: UseFormReturn<UserUpdate>; editable: boolean };

/**
 * The member's unit system and the weight and height typed in it. Switching units while
 * editing converts what is typed, so 70 kg becomes 154.3 lb rather than 70 lb.
 */
export function UnitsChoice({ form, editable }: Props) {
  return (
    <Controller
      control={form.control}
      name="units"
      render={({ field }) => (
        <Stack gap={4} role="group" aria-labelledby="profile-units-label">
          <Text id="profile-units-label" size="sm" fw={500}>
            Units
          </Text>
          <SegmentedControl
            data={UNIT_CHOICES}
            readOnly={!editable}
            value={unitSystemOf(field.value)}
            onChange={(next) => {
              const from = unitSystemOf(field.value);
              const to = unitSystemOf(next);
              const [weight, height] = form.getValues(['weight', 'height']);
              const body = convertBody(
                { weight: weight ?? null, height: height ?? null },
                from,
                to,
              );
              form.setValue('weight', body.weight, { shouldDirty: true });
              form.setValue('height', body.height, { shouldDirty: true });
              field.onChange(to);
            }}
            data-testid="profile-units"
          />
        </Stack>
      )}
    />
  );
}

/** Weight and height in the units chosen above, checked against the server's bounds. */
export function BodyFields({ form, editable }: Props) {
  const system: UnitSystem = unitSystemOf(useWatch({ control: form.control, name: 'units' }));
  const ranges = bodyRanges(system);
  const { errors } = form.formState;
  return (['weight', 'height'] as const).map((name) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={`${name === 'weight' ? 'Weight' : 'Height'} (${ranges[name].unit})`}
          readOnly={!editable}
          min={ranges[name].min}
          max={ranges[name].max}
          decimalScale={1}
          error={errors[name]?.message}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? null : Number(v))}
          onBlur={field.onBlur}
          data-testid={`profile-${name}`}
        />
      )}
    />
  ));
}
