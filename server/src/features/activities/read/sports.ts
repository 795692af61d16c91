import type { Sport } from '#common/api/activities.js';

/** The key every name is looked up by: lower case, letters and digits only ("E-Bike Ride" → "ebikeride"). */
function key(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Sport names as GPX <type>, TCX Sport="…" and Strava's activity types write them (Strava's CSV
 * spells them "Virtual Ride", its API "VirtualRide": the key makes them one).
 */
const NAMED: Record<string, Sport> = {
  // Running
  run: 'running',
  running: 'running',
  trailrun: 'running',
  trailrunning: 'running',
  virtualrun: 'running',
  treadmill: 'running',
  treadmillrunning: 'running',
  streetrunning: 'running',
  trackrunning: 'running',
  indoorrunning: 'running',
  // Cycling
  ride: 'cycling',
  biking: 'cycling',
  bike: 'cycling',
  cycling: 'cycling',
  virtualride: 'cycling',
  ebikeride: 'cycling',
  emountainbikeride: 'cycling',
  mountainbikeride: 'cycling',
  gravelride: 'cycling',
  roadbiking: 'cycling',
  roadcycling: 'cycling',
  mountainbiking: 'cycling',
  gravelcycling: 'cycling',
  indoorcycling: 'cycling',
  handcycle: 'cycling',
  velomobile: 'cycling',
  ebiking: 'cycling',
  // Swimming
  swim: 'swimming',
  swimming: 'swimming',
  lapswimming: 'swimming',
  poolswimming: 'swimming',
  openwaterswimming: 'swimming',
  // Walking and hiking
  walk: 'walking',
  walking: 'walking',
  casualwalking: 'walking',
  speedwalking: 'walking',
  hike: 'hiking',
  hiking: 'hiking',
  mountaineering: 'hiking',
  snowshoe: 'hiking',
  // Rowing
  rowing: 'rowing',
  row: 'rowing',
  virtualrow: 'rowing',
  indoorrowing: 'rowing',
  // Skiing
  alpineski: 'skiing',
  backcountryski: 'skiing',
  nordicski: 'skiing',
  rollerski: 'skiing',
  snowboard: 'skiing',
  skiing: 'skiing',
  crosscountryskiing: 'skiing',
  alpineskiing: 'skiing',
  resortskiing: 'skiing',
  backcountryskiing: 'skiing',
  snowboarding: 'skiing',
  // Strength
  weighttraining: 'strength',
  crossfit: 'strength',
  strength: 'strength',
  strengthtraining: 'strength',
};

/**
 * Strava writes its activity type's number in a GPX <type> (its export's GPX files do):
 * 1 Ride, 2 AlpineSki, 3 BackcountrySki, 4 Hike, 7 NordicSki, 8 RollerSki, 9 Run, 10 Walk,
 * 12 Snowboard, 13 Snowshoe, 16 Swim, 17 VirtualRide, 18 EBikeRide, 19 Velomobile, 23 Rowing,
 * 30 WeightTraining, 51 Handcycle, 53 VirtualRun.
 */
const STRAVA_NUMBERS: Record<string, Sport> = {
  '1': 'cycling',
  '2': 'skiing',
  '3': 'skiing',
  '4': 'hiking',
  '7': 'skiing',
  '8': 'skiing',
  '9': 'running',
  '10': 'walking',
  '12': 'skiing',
  '13': 'hiking',
  '16': 'swimming',
  '17': 'cycling',
  '18': 'cycling',
  '19': 'cycling',
  '23': 'rowing',
  '26': 'strength',
  '30': 'strength',
  '51': 'cycling',
  '53': 'running',
};

/** A sport's name as a GPX, TCX or Strava writes it; null when it names none we know (the caller decides). */
export function sportFromName(name: string | null | undefined): Sport | null {
  if (name == null) return null;
  const trimmed = name.trim();
  if (/^\d+$/.test(trimmed)) return STRAVA_NUMBERS[String(Number(trimmed))] ?? null;
  const k = key(trimmed);
  if (!k) return null;
  return Object.hasOwn(NAMED, k) ? NAMED[k]! : null;
}

/** FIT `sport` enum values (as the Garmin SDK names them) that map whatever the sub-sport. */
const FIT_SPORTS: Record<string, Sport> = {
  running: 'running',
  cycling: 'cycling',
  eBiking: 'cycling',
  swimming: 'swimming',
  walking: 'walking',
  hiking: 'hiking',
  mountaineering: 'hiking',
  snowshoeing: 'hiking',
  rowing: 'rowing',
  crossCountrySkiing: 'skiing',
  alpineSkiing: 'skiing',
  snowboarding: 'skiing',
};

/** FIT `sub_sport` values that decide the sport of an otherwise generic one (training, fitness equipment). */
const FIT_SUB_SPORTS: Record<string, Sport> = {
  treadmill: 'running',
  indoorRunning: 'running',
  trail: 'running',
  track: 'running',
  indoorCycling: 'cycling',
  spin: 'cycling',
  virtualActivity: 'other',
  indoorRowing: 'rowing',
  lapSwimming: 'swimming',
  openWater: 'swimming',
  indoorWalking: 'walking',
  strengthTraining: 'strength',
  cardioTraining: 'other',
  indoorSkiing: 'skiing',
};

/** A FIT session's sport and sub-sport (the SDK's names, or numbers it has no name for). */
export function sportFromFit(sport: unknown, subSport: unknown): Sport {
  const s = typeof sport === 'string' ? sport : '';
  const sub = typeof subSport === 'string' ? subSport : '';
  if (Object.hasOwn(FIT_SPORTS, s)) return FIT_SPORTS[s]!;
  if (Object.hasOwn(FIT_SUB_SPORTS, sub)) {
    const bySub = FIT_SUB_SPORTS[sub]!;
    if (bySub !== 'other') return bySub;
  }
  return 'other';
}
