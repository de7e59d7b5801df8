// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, useLazyPart } from './lazyPart';

describe('lazyPart', () => {
  it('imports once and keeps the part', async () => {
    const importer = vi.fn(async () => 'drawer');
    const part = lazyPart(importer);
    expect(part.get()).toBeUndefined();
    await Promise.all([part.load(), part.load()]);
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(part.get()).toBe('drawer');
  });

  it('tells its subscribers before anyone awaiting load() goes on', async () => {
    const part = lazyPart(async () => 'provider');
    const order: string[] = [];
    const unsubscribe = part.subscribe(() => order.push('subscriber'));
    await part.load().then(() => order.push('awaiter'));
    expect(order).toEqual(['subscriber', 'awaiter']);
    unsubscribe();
  });

  it('tries again after a failed import', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce('panel');
    const part = lazyPart(importer);
    await expect(part.load()).rejects.toThrow('chunk failed');
    expect(part.get()).toBeUndefined();
    await expect(part.load()).resolves.toBe('panel');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyPart', () => {
  it('loads only once needed, then keeps the part when no longer needed', async () => {
    const importer = vi.fn(async () => 'slider');
    const part = lazyPart(importer);
    const { result, rerender } = renderHook(({ needed }) => useLazyPart(part, needed), {
      initialProps: { needed: false },
    });
    expect(result.current).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();
    rerender({ needed: true });
    await waitFor(() => expect(result.current).toBe('slider'));
    rerender({ needed: false });
    expect(result.current).toBe('slider');
  });

  it('shows a part that someone else loaded', async () => {
    const part = lazyPart(async () => 'modals');
    const { result } = renderHook(() => useLazyPart(part, false));
    await act(() => part.load());
    expect(result.current).toBe('modals');
  });
});
