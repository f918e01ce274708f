import { describe, expect, it } from 'vitest';
import { isOnMap, measureDistanceKm } from './geo';

describe('distances on the map', () => {
  it('measures great-circle distances in km', () => {
    expect(measureDistanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 0 })).toBe(0);
    // One degree of longitude on the equator, and Tel Aviv to Jerusalem (about 54 km).
    expect(measureDistanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(111.2, 1);
    expect(measureDistanceKm({ lat: 32.0853, lon: 34.7818 }, { lat: 31.7683, lon: 35.2137 })).toBeCloseTo(54, 0);
    // Across the antimeridian it is the short way round.
    expect(measureDistanceKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.2, 1);
  });

  it('knows a point off the map', () => {
    expect(isOnMap({ lat: 43.07, lon: -89.4 })).toBe(true);
    expect(isOnMap({ lat: 91, lon: 0 })).toBe(false);
    expect(isOnMap({ lat: 0, lon: -181 })).toBe(false);
    expect(isOnMap({ lat: null, lon: 10 })).toBe(false);
    expect(isOnMap({ lat: Number.NaN, lon: 10 })).toBe(false);
  });
});
