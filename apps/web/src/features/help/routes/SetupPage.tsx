import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { SiteFooter } from '../../../components/SiteFooter';
import { useGeneralStore } from '../../../stores/general';
import { CreateVideoTab } from '../components/CreateVideoTab';
import { GetFitTab } from '../components/GetFitTab';
import { BikeIcon, CameraIcon } from '../../../components/icons';
import { InstallerNotice } from '../components/InstallerNotice';
import { useInstallerAutoDownload } from '../lib/useInstallerAutoDownload';

/** /setup: how to ride and how to create videos. ?platform=mac|windows starts the download. */
export function SetupPage() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  const download = useInstallerAutoDownload();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  if (demoMode && electronMode) return <Navigate to="/demo" replace />;
  return (
    <>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Text tt="uppercase" fw={700} size="xs" c="blue" lts={1}>
              Help
            </Text>
            <Title order={1}>Get set up</Title>
            <Text c="dimmed" size="lg" mt={4}>
              Everything you need to ride on RideAlong, or to film routes for others to ride.
            </Text>
          </div>
          <InstallerNotice download={download} />
          <Tabs defaultValue="get-fit" variant="pills" radius="xl">
            <Tabs.List mb="xl">
              <Tabs.Tab value="get-fit" leftSection={<BikeIcon size={18} />}>
                Get Fit
              </Tabs.Tab>
              <Tabs.Tab value="create-video" leftSection={<CameraIcon size={18} />}>
                Create Video
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="get-fit">
              <GetFitTab />
            </Tabs.Panel>
            <Tabs.Panel value="create-video">
              <CreateVideoTab />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
