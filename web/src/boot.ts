/**
 * The page's first script, apart from the app's (see vite.config.ts, firstScript): it starts
 * the first screen's requests before the app's larger scripts have arrived and run.
 */
import { startFirstRequests } from './app/firstRequests';

startFirstRequests();
