import type { BenchScenario } from '../types.js';

export const authScenario: BenchScenario = {
  name: 'auth',
  routes: [{ label: 'GET /api/auth/me', path: '/api/auth/me' }],
};
