// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, useLazyPart, useLazyPartNow } from './lazyPart';

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

describe('useLazyPartNow', () => {
  it('asks for the part in its first render, before any effect', () => {
    const importer = vi.fn(() => new Promise<string>(() => undefined));
    const part = lazyPart(importer);
    let asked = -1;
    renderHook(() => {
      const value = useLazyPartNow(part);
      // During the render itself: effects have not run yet.
      if (asked < 0) asked = importer.mock.calls.length;
      return value;
    });
    expect(asked).toBe(1);
  });

  it('gives the part once here, and at once to a later page', async () => {
    const part = lazyPart(async () => 'charts');
    const first = renderHook(() => useLazyPartNow(part));
    expect(first.result.current).toBeUndefined();
    await waitFor(() => expect(first.result.current).toBe('charts'));
    const later = renderHook(() => useLazyPartNow(part));
    expect(later.result.current).toBe('charts');
  });

  it("says 'failed' when the part cannot be loaded, without throwing", async () => {
    const part = lazyPart(() => Promise.reject(new Error('chunk failed')));
    const { result } = renderHook(() => useLazyPartNow(part));
    await waitFor(() => expect(result.current).toBe('failed'));
  });
});
