import type { App, AppContext } from '../context.js';
import { authRoutes } from './auth/routes.js';
import { coachRoutes } from './coach/routes.js';
import { healthRoutes } from './health/routes.js';

/** Every feature's routes. A new feature adds one line here. */
const features: Array<(app: App, ctx: AppContext) => Promise<void>> = [healthRoutes, authRoutes, coachRoutes];

export async function registerFeatures(app: App, ctx: AppContext) {
  for (const register of features) await register(app, ctx);
}
