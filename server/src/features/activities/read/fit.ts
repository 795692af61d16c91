import { Decoder, type FitMessages, Stream } from '@garmin/fitsdk';
import { ACTIVITY_LIMITS, type ActivityLap, type Sport } from '#common/api/activities.js';
import { avgSpeed, hr, isLat, isLon, lap, num, thinRoute } from './geo.js';
import { sportFromFit } from './sports.js';
import { ActivityFileError, type ParsedActivity, REASONS } from './types.js';

const SEMICIRCLE_TO_DEG = 180 / 2 ** 31;

/** The 12- or 14-byte FIT file header says ".FIT" at bytes 8–11. */
export function looksLikeFit(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 12 &&
    (bytes[0] === 12 || bytes[0] === 14) &&
    bytes[8] === 0x2e &&
    bytes[9] === 0x46 &&
    bytes[10] === 0x49 &&
    bytes[11] === 0x54
  );
}

/** Reads one FIT activity file (Garmin's SDK decodes it after checking its length and checksums). */
export function parseFit(bytes: Buffer): ParsedActivity {
  if (!looksLikeFit(bytes)) throw new ActivityFileError(REASONS.notActivity);
  const headerSize = bytes[0]!;
  const dataSize = bytes.readUInt32LE(4);
  if (bytes.length < headerSize + dataSize + 2 || dataSize === 0) throw new ActivityFileError(REASONS.cutShort);

  let messages: FitMessages;
  try {
    const decoder = new Decoder(Stream.fromBuffer(bytes));
    if (!decoder.checkIntegrity()) throw new ActivityFileError(REASONS.checksum);
    const read = decoder.read();
    if (read.errors.length > 0) throw new ActivityFileError(REASONS.damaged, { cause: read.errors[0] });
    messages = read.messages;
  } catch (error) {
    if (error instanceof ActivityFileError) throw error;
    throw new ActivityFileError(REASONS.damaged, { cause: error });
  }
  return fromMessages(messages);
}

type AnyMesg = Record<string, unknown>;

function date(v: unknown): Date | null {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v;
  return null;
}

function fromMessages(messages: FitMessages): ParsedActivity {
  const sessions = (messages.sessionMesgs ?? []) as AnyMesg[];
  const lapMesgs = (messages.lapMesgs ?? []) as AnyMesg[];
  const records = (messages.recordMesgs ?? []) as AnyMesg[];
  const fileId = (messages.fileIdMesgs?.[0] ?? {}) as AnyMesg;
  if (sessions.length === 0 && lapMesgs.length === 0 && records.length === 0) {
    throw new ActivityFileError(REASONS.noActivity);
  }

  const laps: ActivityLap[] = lapMesgs.slice(0, ACTIVITY_LIMITS.laps).map((m, i) => {
    const distance = num(m.totalDistance);
    const moving = num(m.totalTimerTime);
    const elapsed = num(m.totalElapsedTime);
    return lap({
      index: i + 1,
      start_at: date(m.startTime)?.toISOString() ?? null,
      elapsed_s: elapsed,
      moving_s: moving,
      distance_m: distance,
      avg_hr: hr(m.avgHeartRate),
      max_hr: hr(m.maxHeartRate),
      calories: num(m.totalCalories),
      avg_speed_mps: num(m.enhancedAvgSpeed) ?? num(m.avgSpeed) ?? avgSpeed(distance, moving, elapsed),
    });
  });

  const route: [number, number][] = [];
  const recordTimes: Date[] = [];
  for (const r of records) {
    const t = date(r.timestamp);
    if (t) recordTimes.push(t);
    const lat = num(r.positionLat);
    const lon = num(r.positionLong);
    if (lat == null || lon == null || (lat === 0 && lon === 0)) continue;
    const p: [number, number] = [lat * SEMICIRCLE_TO_DEG, lon * SEMICIRCLE_TO_DEG];
    if (isLat(p[0]) && isLon(p[1])) route.push(p);
  }

  // The summary: the session(s) when there are; else the laps; else the records.
  const summaries = sessions.length > 0 ? sessions : lapMesgs;
  let startAt: Date | null = null;
  let endMs: number | null = null;
  let moving: number | null = null;
  let distance: number | null = null;
  let ascent: number | null = null;
  let calories: number | null = null;
  let maxHr: number | null = null;
  let hrWeighted = 0;
  let hrWeight = 0;
  for (const s of summaries) {
    const start = date(s.startTime) ?? date(s.timestamp);
    const elapsed = num(s.totalElapsedTime);
    if (start && (!startAt || start < startAt)) startAt = start;
    if (start && elapsed != null) endMs = Math.max(endMs ?? 0, start.getTime() + elapsed * 1000);
    moving = add(moving, num(s.totalTimerTime));
    distance = add(distance, num(s.totalDistance));
    ascent = add(ascent, num(s.totalAscent));
    calories = add(calories, num(s.totalCalories));
    const max = hr(s.maxHeartRate);
    if (max != null && (maxHr == null || max > maxHr)) maxHr = max;
    const avg = hr(s.avgHeartRate);
    if (avg != null) {
      const w = num(s.totalTimerTime) ?? elapsed ?? 1;
      hrWeighted += avg * w;
      hrWeight += w;
    }
  }
  const firstRecord = recordTimes[0] ?? null;
  const lastRecord = recordTimes.at(-1) ?? null;
  startAt ??= firstRecord ?? date(fileId.timeCreated);
  if (!startAt) throw new ActivityFileError(REASONS.noTimes);
  if (endMs == null && lastRecord) endMs = lastRecord.getTime();
  const elapsedS = endMs != null ? Math.max(0, (endMs - startAt.getTime()) / 1000) : (moving ?? 0);

  let sport: Sport = 'other';
  if (sessions.length > 0) {
    const sports = new Set(sessions.map((s) => sportFromFit(s.sport, s.subSport)));
    sport = sports.size === 1 ? [...sports][0]! : 'other';
  } else {
    const sportMesg = (messages.sportMesgs?.[0] ?? lapMesgs[0] ?? {}) as AnyMesg;
    sport = sportFromFit(sportMesg.sport, sportMesg.subSport);
  }

  return {
    format: 'fit',
    sport,
    // A FIT file names its sport profile ("Track Run"), not the activity: exports give the name.
    name: null,
    device: deviceName(fileId, (messages.deviceInfoMesgs ?? []) as AnyMesg[]),
    startAt,
    elapsedS: round1(elapsedS),
    movingS: moving == null ? null : round1(moving),
    // A session's 0 m is an indoor one that measured none (rowing without a monitor, a trainer).
    distanceM: distance ? distance : null,
    ascentM: ascent,
    avgHr: hrWeight > 0 ? Math.round(hrWeighted / hrWeight) : null,
    maxHr,
    calories,
    laps,
    route: thinRoute(route),
  };
}

function add(a: number | null, b: number | null): number | null {
  if (b == null) return a;
  return (a ?? 0) + b;
}

function round1(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** How manufacturers are written on the screen; others are spelt out from the SDK's name ("saxonar" → "Saxonar"). */
const MANUFACTURERS: Record<string, string> = {
  garmin: 'Garmin',
  dynastream: 'Garmin',
  dynastreamOem: 'Garmin',
  wahooFitness: 'Wahoo',
  coros: 'COROS',
  suunto: 'Suunto',
  polar: 'Polar',
  zwift: 'Zwift',
  strava: 'Strava',
  hammerhead: 'Hammerhead',
  bryton: 'Bryton',
  sigmasport: 'Sigma',
  stages: 'Stages',
  tacx: 'Tacx',
  magellan: 'Magellan',
  lezyne: 'Lezyne',
  apple: 'Apple',
  huawei: 'Huawei',
  xiaomi: 'Xiaomi',
  trainerroad: 'TrainerRoad',
  concept2: 'Concept2',
  development: '',
};

/** Garmin's product ids the SDK names in camel case ("fr945", "edge530", "vivoActiveHr"); the first words spelt out. */
const GARMIN_PREFIXES: [RegExp, string][] = [
  [/^fr(?=\d)/, 'Forerunner '],
  [/^vivo/, 'Vivo'],
  [/^fenix/, 'Fenix '],
  [/^edge/, 'Edge '],
];

function spellCamel(s: string): string {
  return s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .replace(/\bHr\b/g, 'HR')
    .replace(/\bGps\b/g, 'GPS')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/\s+/g, ' ')
    .trim();
}

export function garminProductLabel(id: string): string {
  for (const [re, word] of GARMIN_PREFIXES) {
    if (re.test(id)) {
      const rest = id.replace(re, '');
      return `${word}${spellCamel(rest)}`.replace(/\s+/g, ' ').trim();
    }
  }
  return spellCamel(id);
}

function manufacturerLabel(m: unknown): string | null {
  if (typeof m !== 'string' || !m) return null;
  if (Object.hasOwn(MANUFACTURERS, m)) return MANUFACTURERS[m] || null;
  return spellCamel(m);
}

/** "Garmin Fenix 6", "Wahoo ELEMNT BOLT", "COROS PACE 2": the file_id's maker and product, or the creator device's. */
function deviceName(fileId: AnyMesg, deviceInfos: AnyMesg[]): string | null {
  const creator = deviceInfos.find((d) => d.deviceIndex === 'creator' || d.deviceIndex === 0) ?? {};
  const maker = manufacturerLabel(fileId.manufacturer) ?? manufacturerLabel(creator.manufacturer);
  const productName = [fileId.productName, creator.productName].find(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  const garminProduct = [fileId.garminProduct, creator.garminProduct].find(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  const product = productName?.trim() ?? (garminProduct ? garminProductLabel(garminProduct) : null);
  if (!product) return maker;
  if (!maker || product.toLowerCase().startsWith(maker.toLowerCase())) return product;
  return `${maker} ${product}`;
}
