import { describe, expect, it } from 'vitest';
import { MAX_LAYER_SECONDS } from '@ridealong/contracts';
import {
  layerAt,
  layerRangeProblem,
  nextLayerStart,
  overlapsLayer,
  sortByStart,
} from './layerRules';

const a = { id: 'a', start_index: 10, end_index: 20 };
const b = { id: 'b', start_index: 30, end_index: 32.5 };
const layers = [b, a];

describe('layerAt', () => {
  it('finds the layer whose closed range holds the time', () => {
    expect(layerAt(layers, 15)).toBe(a);
    expect(layerAt(layers, 31)).toBe(b);
  });

  it('counts both edges as inside', () => {
    expect(layerAt(layers, 10)).toBe(a);
    expect(layerAt(layers, 20)).toBe(a);
    expect(layerAt(layers, 32.5)).toBe(b);
  });

  it('is null between, before and after layers, and for no layers', () => {
    expect(layerAt(layers, 9.99)).toBeNull();
    expect(layerAt(layers, 25)).toBeNull();
    expect(layerAt(layers, 40)).toBeNull();
    expect(layerAt([], 15)).toBeNull();
  });

  it('is null for a time that is not a number', () => {
    expect(layerAt(layers, Number.NaN)).toBeNull();
    expect(layerAt(layers, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('overlapsLayer', () => {
  it('is true when the range shares a stretch with a layer', () => {
    expect(overlapsLayer(layers, 5, 11)).toBe(true);
    expect(overlapsLayer(layers, 19, 25)).toBe(true);
    expect(overlapsLayer(layers, 12, 14)).toBe(true);
    expect(overlapsLayer(layers, 0, 100)).toBe(true);
  });

  it('is false for ranges that only touch an edge or lie between layers', () => {
    expect(overlapsLayer(layers, 0, 10)).toBe(false);
    expect(overlapsLayer(layers, 20, 30)).toBe(false);
    expect(overlapsLayer(layers, 21, 29)).toBe(false);
    expect(overlapsLayer([], 0, 100)).toBe(false);
  });

  it('accepts the ends in either order', () => {
    expect(overlapsLayer(layers, 11, 5)).toBe(true);
    expect(overlapsLayer(layers, 29, 21)).toBe(false);
  });

  it('treats a zero-length range as overlapping only strictly inside a layer', () => {
    expect(overlapsLayer(layers, 15, 15)).toBe(true);
    expect(overlapsLayer(layers, 10, 10)).toBe(false);
    expect(overlapsLayer(layers, 25, 25)).toBe(false);
  });
});

describe('nextLayerStart', () => {
  it('is the start of the first layer after the time', () => {
    expect(nextLayerStart(layers, 0)).toBe(10);
    expect(nextLayerStart(layers, 21)).toBe(30);
  });

  it('is null when no layer starts later', () => {
    expect(nextLayerStart(layers, 31)).toBeNull();
    expect(nextLayerStart([], 0)).toBeNull();
  });
});

describe('layerRangeProblem', () => {
  it('accepts a range inside the video', () => {
    expect(layerRangeProblem(0, 2, 60)).toBeNull();
    expect(layerRangeProblem(58, 61, 60)).toBeNull();
    expect(layerRangeProblem(5, 7, 0)).toBeNull();
  });

  it('names what is wrong with a range', () => {
    expect(layerRangeProblem(Number.NaN, 2, 60)).toBe('not-finite');
    expect(layerRangeProblem(-1, 2, 60)).toBe('negative');
    expect(layerRangeProblem(5, 5, 60)).toBe('empty');
    expect(layerRangeProblem(5, 4, 60)).toBe('empty');
    expect(layerRangeProblem(0, MAX_LAYER_SECONDS + 1, 0)).toBe('too-long');
    expect(layerRangeProblem(60, 62, 60)).toBe('past-end');
  });
});

describe('sortByStart', () => {
  it('orders layers by start without touching the input', () => {
    expect(sortByStart(layers)).toEqual([a, b]);
    expect(layers).toEqual([b, a]);
  });
});
