import styles from './activities.module.css';

const WIDTH = 400;
const HEIGHT = 280;
const PAD = 16;

/**
 * The route's [latitude, longitude] points projected flat (equirectangular: longitude scaled by
 * the cosine of the route's middle latitude, so a square on the ground stays square) and fitted,
 * centred, into the viewBox. Returns SVG coordinates, y downwards.
 */
export function projectRoute(route: Array<[number, number]>): Array<[number, number]> {
  if (route.length === 0) return [];
  const lats = route.map((p) => p[0]);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const flat = route.map(([lat, lon]) => [lon * k, -lat] as const);
  const xs = flat.map((p) => p[0]);
  const ys = flat.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(
    spanX > 0 ? (WIDTH - 2 * PAD) / spanX : Number.POSITIVE_INFINITY,
    spanY > 0 ? (HEIGHT - 2 * PAD) / spanY : Number.POSITIVE_INFINITY,
  );
  const s = Number.isFinite(scale) ? scale : 1;
  const offX = (WIDTH - spanX * s) / 2;
  const offY = (HEIGHT - spanY * s) / 2;
  return flat.map(([x, y]) => [offX + (x - minX) * s, offY + (y - minY) * s]);
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The route drawn as a line (no map tiles: nothing is asked of any other server), start and end marked. */
export function RouteMap({ route, label }: { route: Array<[number, number]>; label: string }) {
  const points = projectRoute(route);
  const start = points[0];
  const end = points.at(-1);
  if (!start || !end) return null;
  return (
    <div className={styles.routeBox}>
      <svg
        className={styles.route}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="xMidYMid meet"
      >
        <polyline
          className={styles.routeLine}
          points={points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}
          fill="none"
          vectorEffect="non-scaling-stroke"
        />
        <circle className={styles.routeEnd} cx={r1(end[0])} cy={r1(end[1])} r="6" />
        <circle className={styles.routeStart} cx={r1(start[0])} cy={r1(start[1])} r="6" />
      </svg>
    </div>
  );
}
