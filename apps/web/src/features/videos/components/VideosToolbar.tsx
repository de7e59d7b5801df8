import { useEffect, useRef, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { durationFilterSchema, type DurationFilter } from '@ridealong/contracts';
import { DURATION_OPTIONS } from '../lib/listQuery';

type ToolbarProps = {
  term: string;
  duration: DurationFilter;
  onTermChange: (term: string) => void;
  onDurationChange: (duration: DurationFilter) => void;
};

/** Typing pauses this long before the list searches, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 350;

/** The search box and duration filter above the videos grid. */
export function VideosToolbar({ term, duration, onTermChange, onDurationChange }: ToolbarProps) {
  const [text, setText] = useState(term);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ term, onTermChange });
  useEffect(() => {
    latest.current = { term, onTermChange };
  });
  // The address can change the term too (Back, a link): the box follows it.
  useEffect(() => setText(term), [term]);
  // Only a pause in typing searches; a term that came from the address is already applied.
  useEffect(() => {
    if (debounced.trim() !== latest.current.term.trim()) latest.current.onTermChange(debounced);
  }, [debounced]);

  return (
    <Group
      component="form"
      role="search"
      aria-label="Search workouts"
      gap="sm"
      align="flex-end"
      onSubmit={(e) => {
        e.preventDefault();
        onTermChange(text);
      }}
    >
      <TextInput
        type="search"
        label="Search"
        placeholder="Search by title or description"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
      />
      <Select
        label="Duration"
        data={DURATION_OPTIONS}
        value={duration}
        allowDeselect={false}
        checkIconPosition="right"
        onChange={(v) => {
          const parsed = durationFilterSchema.safeParse(v);
          if (parsed.success) onDurationChange(parsed.data);
        }}
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}
