import type { App, AppContext } from '../context.js';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';
import { workoutRoutes } from './workout/routes.js';

/** Every feature's routes. A new feature adds one line here. */
const features: Array<(app: App, ctx: AppContext) => Promise<void>> = [healthRoutes, authRoutes, workoutRoutes];

export async function registerFeatures(app: App, ctx: AppContext) {
  for (const register of features) await register(app, ctx);
}
