/** Distances on the map, for trip costs per km and the radius that picks a shopper's stores. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
/** Two points whose latitudes differ by d degrees are at least d times this far apart (haversine, below). */
export const KM_PER_DEGREE_OF_LATITUDE = (EARTH_RADIUS_KM * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points given in WGS 84 degrees. */
export function measureDistanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point on the map: finite latitude in [-90, 90] and longitude in [-180, 180]. */
export function isOnMap(point: { lat: number | null; lon: number | null }): point is GeoPoint {
  const { lat, lon } = point;
  return lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
