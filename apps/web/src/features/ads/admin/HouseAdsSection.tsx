import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdInput, AdminAd } from '@ridealong/contracts';
import { adminAdsQuery, adsKeys, createAd, deleteAd, patchAd, uploadAdImage } from '../api/queries';
import { AdForm } from './AdForm';
import { adFormFrom, emptyAdForm } from './adForm';
import { AdStatsTable } from './AdStatsTable';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'until stopped');

/** The admin page's house ads: list with totals, create, edit, switch on/off, delete, stats. */
export function HouseAdsSection() {
  const client = useQueryClient();
  const ads = useQuery(adminAdsQuery());
  const [editing, setEditing] = useState<number | null>(null);
  const [statsOf, setStatsOf] = useState<number | null>(null);
  // The form starts over after each create (a new key).
  const [created, setCreated] = useState(0);
  // Said above the edit form when a new ad was made but its image was refused.
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adsKeys.all });
  const edit = (id: number | null) => {
    setNotice(null);
    setEditing(id);
  };

  const save = async (id: number | null, input: AdInput, image: File | null) => {
    try {
      const ad = id === null ? await createAd(input) : await patchAd(id, input);
      try {
        if (image) await uploadAdImage(ad.id, image);
      } catch (err) {
        if (id !== null) throw err;
        // The ad exists now: a second Create would make a duplicate, so it opens for editing.
        edit(ad.id);
        setNotice(
          `“${ad.title}” was created, but its image was not saved: ${(err as Error).message} ` +
            'Choose an image for it below.',
        );
      }
    } finally {
      await refresh();
    }
  };
  const toggle = useMutation({
    mutationFn: (ad: AdminAd) => patchAd(ad.id, { active: !ad.active }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: deleteAd, onSettled: refresh });
  const failure = toggle.error ?? remove.error;
  const editingAd = ads.data?.find((a) => a.id === editing);

  const confirmDelete = (ad: AdminAd) =>
    modals.openConfirmModal({
      title: 'Delete this ad?',
      children: <Text size="sm">“{ad.title}” and its counts are deleted for good.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(ad.id),
    });

  return (
    <Stack gap="lg" data-testid="house-ads">
      {ads.isError ? <Alert color="red">{ads.error.message}</Alert> : null}
      {failure ? (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="House ads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Slot</Table.Th>
              <Table.Th>Dates</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Impressions</Table.Th>
              <Table.Th>Clicks</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(ads.data ?? []).map((ad) => (
              <Table.Tr key={ad.id} data-testid={`house-ad-${ad.id}`}>
                <Table.Td>
                  {ad.title}
                  {ad.image_url ? null : (
                    <Text size="xs" c="dimmed">
                      No image: not served yet
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{ad.slot}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {when(ad.starts_at)} – {when(ad.ends_at)}
                  </Text>
                </Table.Td>
                <Table.Td>{ad.weight}</Table.Td>
                <Table.Td>
                  <Badge color={ad.active ? 'green' : 'gray'} variant="light">
                    {ad.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="ad-impressions">{ad.impressions}</Table.Td>
                <Table.Td data-testid="ad-clicks">{ad.clicks}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => edit(ad.id)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="default" onClick={() => toggle.mutate(ad)}>
                      {ad.active ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setStatsOf(statsOf === ad.id ? null : ad.id)}
                    >
                      Stats
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(ad)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ads.data?.length === 0 ? <Text c="dimmed">No house ads yet.</Text> : null}
      {statsOf !== null ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Last 30 days: {ads.data?.find((a) => a.id === statsOf)?.title}
          </Title>
          <AdStatsTable id={statsOf} />
        </Stack>
      ) : null}
      {editingAd ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Edit ad
          </Title>
          {notice ? (
            <Alert color="orange" role="alert">
              {notice}
            </Alert>
          ) : null}
          <AdForm
            key={editingAd.id}
            name="Edit house ad"
            submitLabel="Save"
            initial={adFormFrom(editingAd)}
            onSubmit={async (input, image) => {
              await save(editingAd.id, input, image);
              edit(null);
            }}
            onCancel={() => edit(null)}
          />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h4">
          New house ad
        </Title>
        <AdForm
          key={created}
          name="Create a house ad"
          submitLabel="Create ad"
          initial={emptyAdForm()}
          onSubmit={async (input, image) => {
            await save(null, input, image);
            setCreated((n) => n + 1);
          }}
        />
      </Stack>
    </Stack>
  );
}
