import { Accordion, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type Qa = { id: string; question: string; answer: ReactNode };

/** Questions and answers, each in its own collapsible panel. */
export function QaAccordion({ title, items }: { title: string; items: Qa[] }) {
  return (
    <div>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Accordion variant="separated" radius="md" multiple>
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
}
