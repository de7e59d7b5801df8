import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_ROW_RACES,
  DEMO_VIDEO_URL,
  type ChannelInfo,
  type ChannelRow,
  type User,
} from '@ridealong/contracts';
import { backends, startServer, type TestServer } from './harness.js';
import { jpegWithExif, pngImage } from './image-fixtures.js';
import { json, mediaDirOf, member, nextTime, video, type Member } from './races-fixtures.js';

type Index = { count: Array<{ count: number }>; rows: ChannelRow[] };

describe.each(backends)('channels on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  let viewer: Member;
  let demoOwner: Member;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Maker', channelTitle: 'Maker Films' });
    viewer = await member(s, { name: 'Viewer' });
    demoOwner = await member(s, { name: 'Demo owner' });
    await video(s, demoOwner, { url: DEMO_VIDEO_URL, title: 'Demo' });
  });
  afterAll(() => s.close());

  const info = (userId: number, extra = '', token?: string) =>
    s.get(`/api/v1/channel-info/?user_id=${userId}${extra}`, token);
  const titles = (c: ChannelInfo) => c.races.videos.map((v) => v.title);

  it('shows the public videos to everyone and all of them to the owner', async () => {
    await video(s, owner, { title: 'Public one' });
    await video(s, owner, { title: 'Off channel', channelVisible: false });
    await video(s, owner, { title: 'Not in search', searchVisible: false });
    await video(s, owner, { title: 'Processing', status: 'processing', progress: 10 });
    await video(s, owner, { title: 'Failed', status: 'failed', failureReason: 'Bad file' });

    const pub = await json<ChannelInfo>(await info(owner.user.id, '&publicChannel=TRUE'));
    expect(titles(pub)).toEqual(['Not in search', 'Public one']);
    expect(pub.races).toMatchObject({ total_count: 2, page_size: 30 });
    expect(pub.user).toEqual({
      id: owner.user.id,
      display_name: 'Maker',
      photo_url: null,
      channel_title: 'Maker Films',
      channel_description: null,
      channel_image: null,
    });

    const mine = await json<ChannelInfo>(await info(owner.user.id, '&myChannel=TRUE', owner.token));
    expect(titles(mine)).toEqual([
      'Failed',
      'Processing',
      'Not in search',
      'Off channel',
      'Public one',
    ]);
    expect(mine.races.videos[0]).toMatchObject({ status: 'failed', failure_reason: 'Bad file' });
    // myChannel from someone else, or a guest, is the public view.
    for (const token of [viewer.token, undefined]) {
      const other = await json<ChannelInfo>(await info(owner.user.id, '&myChannel=TRUE', token));
      expect(titles(other)).toEqual(['Not in search', 'Public one']);
    }
    const paged = await json<ChannelInfo>(
      await info(owner.user.id, '&myChannel=TRUE&pageSize=2&currentPage=2', owner.token),
    );
    expect(titles(paged)).toEqual(['Not in search', 'Off channel']);
    expect(paged.races.total_count).toBe(5);

    // The demo video is in no list, its owner's own channel included.
    const demo = await json<ChannelInfo>(
      await info(demoOwner.user.id, '&myChannel=TRUE', demoOwner.token),
    );
    expect(demo.races).toMatchObject({ videos: [], total_count: 0 });
    expect((await info(999_999)).status).toBe(404);
    expect((await s.get('/api/v1/channel-info?user_id=abc')).status).toBe(400);
  });

  it('indexes channels with public videos, newest video first, dropping empty ones', async () => {
    const quiet = await member(s, { name: 'Quiet' });
    await video(s, quiet, { title: 'Hidden', channelVisible: false });
    await video(s, quiet, { title: 'Busy', status: 'processing' });
    const busy = await member(s, { name: 'Busy maker' });
    for (let i = 1; i <= 6; i++) await video(s, busy, { title: `Busy ${i}` });
    const fresh = await member(s, { name: 'Fresh' });
    await video(s, fresh, { title: 'Brand new', createdAt: new Date(nextTime().getTime() + 1e9) });

    const index = await json<Index>(await s.get('/api/v1/users/channels/index?start=0&end=100'));
    const names = index.rows.map((r) => r.display_name);
    expect(names).toEqual(['Fresh', 'Busy maker', 'Maker']);
    expect(index.count).toEqual([{ count: 3 }]);
    const busyRow = index.rows[1]!;
    expect(busyRow.races.map((r) => r.title)).toEqual(
      Array.from({ length: CHANNEL_ROW_RACES }, (_, i) => `Busy ${6 - i}`),
    );
    expect(index.rows[2]!.races.map((r) => r.title)).toEqual(['Not in search', 'Public one']);
    // The row carries the newest few; the count is the channel's whole.
    expect(index.rows.map((r) => r.video_count)).toEqual([1, 6, 2]);

    const slice = await json<Index>(await s.get('/api/v1/users/channels/index?start=1&end=2'));
    expect(slice.rows.map((r) => r.display_name)).toEqual(['Busy maker']);
    expect(slice.count).toEqual([{ count: 3 }]);
    const empty = await json<Index>(await s.get('/api/v1/users/channels/index?start=5&end=3'));
    expect(empty.rows).toEqual([]);
  });

  it('lets the signed-in member edit their own channel', async () => {
    const me = await member(s, { name: 'Editor', channelTitle: 'Old title' });
    const body = { channel_title: 'New title', channel_description: 'About my rides' };
    expect((await s.post('/api/v1/channel/edit', body)).status).toBe(401);
    const res = await json<{ status: string; user: User }>(
      await s.post('/api/v1/channel/edit', body, me.token),
    );
    expect(res.user).toMatchObject({ id: me.user.id, ...body });
    const blank = await s.post('/api/v1/channel/edit', { channel_title: ' ' }, me.token);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      status: 'failure',
      message: 'body.channel_title: Required',
    });
  });

  it('stores a channel image by its content, replacing the previous one', async () => {
    const me = await member(s, { name: 'Painter' });
    const png = await pngImage(48, 32);
    const jpeg = await jpegWithExif(48, 32);
    const upload = (bytes: Buffer, name: string, token?: string, type = 'image/png') => {
      const form = new FormData();
      form.append('image', new Blob([bytes], { type }), name);
      return fetch(`${s.baseUrl}/api/v1/channel/image`, {
        method: 'POST',
        body: form,
        headers: token ? { 'x-auth-token': token } : {},
      });
    };
    const onDisk = (url: string) => path.join(mediaDirOf(s), url.replace('/media/', ''));

    expect((await upload(png, 'a.png')).status).toBe(401);
    const first = await json<{ user: User }>(await upload(png, 'a.png', me.token));
    const firstUrl = first.user.channel_image ?? '';
    expect(firstUrl).toMatch(new RegExp(`^/media/public/channel-images/${me.user.id}-\\w+\\.png$`));
    expect(existsSync(onDisk(firstUrl))).toBe(true);

    // Named .png and sent as image/png, but a JPEG: the bytes decide.
    const second = await json<{ user: User }>(await upload(jpeg, 'b.png', me.token));
    const secondUrl = second.user.channel_image ?? '';
    expect(secondUrl).toMatch(/\.jpg$/);
    expect(existsSync(onDisk(secondUrl))).toBe(true);
    expect(existsSync(onDisk(firstUrl))).toBe(false);

    const text = await upload(Buffer.from('<svg onload="x"/>'), 'c.png', me.token);
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({
      status: 'failure',
      message: 'Please choose a PNG, JPEG or WebP image.',
    });
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload(huge, 'big.png', me.token);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe(
      'The image must be 5 MB or smaller.',
    );
    const notForm = await s.post('/api/v1/channel/image', { image: 'x' }, me.token);
    expect(notForm.status).toBe(400);
    const user = await json<User>(await s.get(`/api/v1/users/${me.user.id}`, me.token));
    expect(user.channel_image).toBe(secondUrl);
  });
});
