import { List, Stack, Text, Title } from '@mantine/core';

/** A paragraph, or a bulleted list, of a legal document. */
export type LegalBlock = string | { list: string[] };

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

/** Renders legal text kept as data, so each document stays readable and easy to amend. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <Stack gap="xl">
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <Title order={2} size="h4" id={`${section.id}-title`} mb="xs">
            {index + 1}. {section.title}
          </Title>
          <Stack gap="sm">
            {section.blocks.map((block, i) =>
              typeof block === 'string' ? (
                <Text key={i} size="sm" lh={1.7}>
                  {block}
                </Text>
              ) : (
                <List key={i} size="sm" spacing={6} withPadding>
                  {block.list.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              ),
            )}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
