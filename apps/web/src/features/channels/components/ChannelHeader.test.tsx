// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ChannelInfo } from '@ridealong/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { ChannelHeader } from './ChannelHeader';

const owner = (channel_title: string | null): ChannelInfo['user'] => ({
  id: 4,
  display_name: 'caseyrides',
  photo_url: null,
  channel_title,
  channel_description: null,
  channel_image: null,
});

const renderHeader = (user: ChannelInfo['user'], canEdit: boolean) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ChannelHeader owner={user} canEdit={canEdit} onEdit={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => {
  stubMatchMedia();
  document.title = 'RideAlong';
});
afterEach(cleanup);

describe('ChannelHeader', () => {
  it("a channel without its own title goes by the owner's name once, not 'x by x'", () => {
    renderHeader(owner(null), true);
    expect(screen.getByTestId('channel-title').textContent).toBe('caseyrides');
    expect(screen.queryByText(/^by /)).toBeNull();
  });

  it("a titled channel names its owner, and a visitor's tab names the channel", () => {
    renderHeader(owner('Alpine Climbs'), false);
    expect(screen.getByText('by caseyrides')).toBeTruthy();
    expect(document.title).toBe('Alpine Climbs | RideAlong');
  });

  it("the owner's own page keeps its route's title", () => {
    renderHeader(owner('Alpine Climbs'), true);
    expect(document.title).toBe('RideAlong');
  });
});
