import { describe, expect, it } from 'vitest';
import { lateBound } from './late-bound.js';
import { serviceRegistry } from './service-registry.js';
import type { ModuleServices } from './services.js';

// Real service names (each module declares its own); the registry only stores and hands back,
// so a stand-in value whose identity the tests compare is enough.
const listingCounts = { standIn: 'listingCounts' } as unknown as ModuleServices['listingCounts'];
const otherListingCounts = { standIn: 'other' } as unknown as ModuleServices['listingCounts'];

describe('serviceRegistry', () => {
  it('hands a module the very service a lower module provided', () => {
    const services = serviceRegistry();
    const stravaWeb: ModuleServices['stravaWeb'] = lateBound('Strava web');
    services.provide('listingCounts', listingCounts);
    services.provide('stravaWeb', stravaWeb);

    expect(services.need('listingCounts')).toBe(listingCounts);
    expect(services.need('stravaWeb')).toBe(stravaWeb);
    expect(services.need('listingCounts')).toBe(listingCounts);
  });

  it('throws when a name is provided twice, and keeps the first', () => {
    const services = serviceRegistry();
    services.provide('listingCounts', listingCounts);

    expect(() => services.provide('listingCounts', otherListingCounts)).toThrow(
      "service 'listingCounts' is provided twice",
    );
    expect(services.need('listingCounts')).toBe(listingCounts);
  });

  it('throws on a need before the provide, naming the service and the module order', () => {
    const services = serviceRegistry();
    services.provide('listingCounts', listingCounts);

    expect(() => services.need('stravaWeb')).toThrow(/'stravaWeb' is not provided yet/);
    expect(() => services.need('stravaWeb')).toThrow(/earlier in src\/app-modules\.ts/);
  });

  it('keeps each registry to itself', () => {
    const first = serviceRegistry();
    first.provide('listingCounts', listingCounts);
    const second = serviceRegistry();

    expect(() => second.need('listingCounts')).toThrow(/not provided yet/);
    expect(() => second.provide('listingCounts', otherListingCounts)).not.toThrow();
    expect(first.need('listingCounts')).toBe(listingCounts);
  });
});
