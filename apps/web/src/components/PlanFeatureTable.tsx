import { CheckIcon } from './icons';
import { Badge, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';

type Cell = boolean | string;
type Row = { feature: string; free: Cell; core: Cell; pro: Cell };

/** Plan features of document 000 section 6. */
const ROWS: Row[] = [
  { feature: 'Work Out Live', free: true, core: true, pro: true },
  { feature: 'Join Challenges', free: true, core: true, pro: true },
  { feature: 'Track Fitness', free: true, core: true, pro: true },
  { feature: 'Export To Strava', free: true, core: true, pro: true },
  { feature: 'Upload Videos', free: true, core: true, pro: true },
  { feature: 'Create a Channel', free: true, core: true, pro: true },
  { feature: 'Work Out Ad-Free', free: false, core: true, pro: true },
  { feature: 'Get Exclusive Content', free: false, core: false, pro: true },
  { feature: 'Community videos', free: 'None', core: 'SD', pro: 'HD + exclusive' },
  { feature: 'Monthly samplers', free: true, core: true, pro: true },
];

function Check() {
  return (
    <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
      <CheckIcon size={14} strokeWidth={3} />
    </ThemeIcon>
  );
}

function Value({ value }: { value: Cell }) {
  // Smaller on a phone, so 'HD + exclusive' fits Pro's narrow column.
  if (typeof value === 'string') return <Text fz={{ base: 'xs', xs: 'sm' }}>{value}</Text>;
  if (value)
    return (
      <>
        <Check />
        <VisuallyHidden>Included</VisuallyHidden>
      </>
    );
  return (
    <Text size="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>Not included</VisuallyHidden>
    </Text>
  );
}

/**
 * The Free / Core / Pro comparison shown on pricing and upgrade prompts. It fits a 390 px phone
 * (fixed layout, features wrap, Pro's badge under its name): all three plans in view, no
 * sideways scrolling except on the narrowest screens.
 */
export function PlanFeatureTable() {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        data-testid="plan-feature-table"
        layout="fixed"
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        withTableBorder
      >
        <Table.Caption>What each plan includes</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="34%">
              Feature
            </Table.Th>
            <Table.Th scope="col" ta="center">
              Free
            </Table.Th>
            <Table.Th scope="col" ta="center">
              Core
            </Table.Th>
            <Table.Th scope="col" ta="center">
              <Stack gap={4} align="center">
                Pro
                <Badge
                  size="xs"
                  variant="light"
                  color="grape"
                  h="auto"
                  py={2}
                  styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'center' } }}
                >
                  Coming soon
                </Badge>
              </Stack>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((row) => (
            <Table.Tr key={row.feature}>
              <Table.Th scope="row" fw={500}>
                {row.feature}
              </Table.Th>
              {(['free', 'core', 'pro'] as const).map((tier) => (
                <Table.Td key={tier} ta="center">
                  <Value value={row[tier]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
