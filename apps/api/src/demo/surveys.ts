import type { DirectionalSurveyInput, WellInput } from '@econ/contract';

/*
 * Demo directional surveys: horizontal wells drilled vertical to a kick-off point, built at a
 * constant rate to 90° landing at the well's TVD, then a lateral of the well's lateral length
 * that undulates ±0.6° about horizontal. Positions by the minimum-curvature method.
 */

const RAD = Math.PI / 180;
/** FT per degree of latitude (69 miles), and per degree of longitude at `lat` degrees. */
const FT_PER_DEG_LAT = 364_000;

/** One survey station: measured depth (FT), inclination and azimuth (degrees). */
export interface Station {
  md: number;
  inc: number;
  azi: number;
}

/** A station's position: true vertical depth, north and east offsets from the first station (FT). */
export interface Position {
  tvd: number;
  ns: number;
  ew: number;
}

/**
 * Positions of the stations by minimum curvature: between two stations the hole is a circular arc
 * of dogleg β = acos(cos(I₂−I₁) − sin I₁ sin I₂ (1 − cos(A₂−A₁))); each offset is
 * ΔMD/2 · (f₁ + f₂) · RF with RF = (2/β) tan(β/2) (1 when β = 0), f = sin I cos A (north),
 * sin I sin A (east), cos I (down).
 */
export function minimumCurvature(stations: readonly Station[]): Position[] {
  const out: Position[] = [];
  let p: Position = { tvd: 0, ns: 0, ew: 0 };
  stations.forEach((s, k) => {
    const prev = stations[k - 1];
    if (prev) {
      const [i1, a1, i2, a2] = [prev.inc * RAD, prev.azi * RAD, s.inc * RAD, s.azi * RAD];
      const cosBeta = Math.cos(i2 - i1) - Math.sin(i1) * Math.sin(i2) * (1 - Math.cos(a2 - a1));
      const beta = Math.acos(Math.min(1, Math.max(-1, cosBeta)));
      const rf = beta > 1e-9 ? (2 / beta) * Math.tan(beta / 2) : 1;
      const half = ((s.md - prev.md) / 2) * rf;
      p = {
        tvd: p.tvd + half * (Math.cos(i1) + Math.cos(i2)),
        ns: p.ns + half * (Math.sin(i1) * Math.cos(a1) + Math.sin(i2) * Math.cos(a2)),
        ew: p.ew + half * (Math.sin(i1) * Math.sin(a1) + Math.sin(i2) * Math.sin(a2)),
      };
    }
    out.push(p);
  });
  return out;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The build radius (FT): the kick-off is this far above the landing TVD. */
const BUILD_RADIUS = 1800;
const STEP = 100;

/**
 * A demo well's survey: vertical to TVD − 1,800 FT (about 7,000 FT for the demo wells), a build of
 * 90° over an arc of radius 1,800 FT (3.2°/100 FT) landing at the well's TVD, then its lateral
 * length along `azimuth`; a station every 100 FT and at the kick-off, the landing and the end; latitude and longitude (WGS84) from the surface
 * location by offsets (FT ÷ 364,000 per degree of latitude, and ÷ its cosine for longitude).
 */
export function demoSurvey(
  well: Pick<WellInput, 'chosenID' | 'dataSource' | 'trueVerticalDepth' | 'lateralLength'>,
  surface: { latitude: number; longitude: number; azimuth: number },
): DirectionalSurveyInput {
  const tvd = well.trueVerticalDepth ?? 9000;
  const kickOff = tvd - BUILD_RADIUS;
  const buildLength = (Math.PI / 2) * BUILD_RADIUS;
  const total = kickOff + buildLength + (well.lateralLength ?? 8000);
  const landing = kickOff + buildLength;
  const depths = [...Array.from({ length: Math.floor(total / STEP) + 1 }, (_, k) => k * STEP), kickOff, landing, total];
  const stations: Station[] = [...new Set(depths.map((d) => round(d, 2)))]
    .sort((a, b) => a - b)
    .map((md) => ({
      md,
      inc:
        md <= kickOff
          ? 0
          : md <= landing
            ? ((md - kickOff) / BUILD_RADIUS) * (180 / Math.PI)
            : 90 + 0.6 * Math.sin((md - landing) / 1500),
      azi: md <= kickOff ? 0 : surface.azimuth,
    }));
  const positions = minimumCurvature(stations);
  const cosLat = Math.cos(surface.latitude * RAD);
  return {
    chosenID: well.chosenID,
    dataSource: well.dataSource,
    spatialDataType: 'WGS84',
    measuredDepth: stations.map((s) => s.md),
    inclination: stations.map((s) => round(s.inc, 3)),
    azimuth: stations.map((s) => s.azi),
    trueVerticalDepth: positions.map((p) => round(p.tvd, 2)),
    deviationNS: positions.map((p) => round(p.ns, 2)),
    deviationEW: positions.map((p) => round(p.ew, 2)),
    latitude: positions.map((p) => round(surface.latitude + p.ns / FT_PER_DEG_LAT, 7)),
    longitude: positions.map((p) => round(surface.longitude + p.ew / (FT_PER_DEG_LAT * cosLat), 7)),
  };
}

/** Surveys of the first two demo wells: one drilled north-north-east, one south. */
export function demoSurveys(wells: readonly WellInput[]): DirectionalSurveyInput[] {
  const places = [
    { latitude: 31.9952, longitude: -102.0841, azimuth: 8 },
    { latitude: 32.3101, longitude: -101.9412, azimuth: 182 },
  ];
  return wells.slice(0, places.length).map((w, i) => demoSurvey(w, places[i]!));
}
