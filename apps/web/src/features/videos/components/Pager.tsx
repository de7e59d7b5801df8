import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_PAGER, MOBILE_PAGER, pagerItems } from '../lib/pager';

type PagerProps = { page: number; total: number; onChange: (page: number) => void };

/** Page buttons under the videos grid; the layout and arrow labels follow the screen size. */
export function Pager({ page, total, onChange }: PagerProps) {
  // Mantine's `sm` breakpoint: phones get the compact pager.
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const layout = mobile ? MOBILE_PAGER : DESKTOP_PAGER;
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label="Pages" justify="center" gap={6} data-testid="videos-pager">
      <Button
        variant="default"
        size="sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label="Previous page"
      >
        {layout.previous}
      </Button>
      {pagerItems(page, total, layout).map((item) =>
        item.kind === 'gap' ? (
          <Text key={`gap-${item.after}`} c="dimmed" px={4} aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            size="sm"
            miw={36}
            px={8}
            variant={item.page === page ? 'filled' : 'default'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="sm"
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
        aria-label="Next page"
      >
        {layout.next}
      </Button>
    </Group>
  );
}
