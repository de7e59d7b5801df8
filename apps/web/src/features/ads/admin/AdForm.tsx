import { useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Switch,
  TextInput,
} from '@mantine/core';
import { AD_LIMITS, AD_SLOTS, type AdInput } from '@ridealong/contracts';
import { adInputFrom, type AdFormErrors, type AdFormValues } from './adForm';

const SLOT_OPTIONS = AD_SLOTS.map((slot) => ({ value: slot, label: slot }));
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';

type AdFormProps = {
  initial: AdFormValues;
  /** 'Create ad' or 'Save'. */
  submitLabel: string;
  name: string;
  /** Saves the ad, then its image when one was chosen; rejects with the server's message. */
  onSubmit: (input: AdInput, image: File | null) => Promise<void>;
  onCancel?: () => void;
};

/** A house ad's fields and its image; checked against the contract, then by the server. */
export function AdForm({ initial, submitLabel, name, onSubmit, onCancel }: AdFormProps) {
  const [values, setValues] = useState(initial);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<AdFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const result = adInputFrom(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(result.input, image);
      setImage(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      aria-label={name}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Title"
          maxLength={AD_LIMITS.titleMax}
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <TextInput
          label="Link"
          placeholder="https://"
          value={values.link_url}
          error={errors.link_url}
          onChange={(e) => set('link_url', e.currentTarget.value)}
        />
        <NativeSelect
          label="Slot"
          data={SLOT_OPTIONS}
          value={values.slot}
          onChange={(e) => set('slot', e.currentTarget.value as AdFormValues['slot'])}
        />
        <NumberInput
          label="Weight"
          min={AD_LIMITS.weightMin}
          max={AD_LIMITS.weightMax}
          allowDecimal={false}
          value={values.weight}
          error={errors.weight}
          onChange={(v) => set('weight', v === '' ? Number.NaN : Number(v))}
        />
        <TextInput
          type="datetime-local"
          label="Starts"
          value={values.starts_at}
          error={errors.starts_at}
          onChange={(e) => set('starts_at', e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="Ends (empty: until stopped)"
          value={values.ends_at}
          error={errors.ends_at}
          onChange={(e) => set('ends_at', e.currentTarget.value)}
        />
        <FileInput label="Image" accept={IMAGE_TYPES} clearable value={image} onChange={setImage} />
        <Switch
          mt="xl"
          label="Active"
          checked={values.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
        />
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Alert mt="md" color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
    </form>
  );
}
