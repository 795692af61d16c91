/** Constants of the spec shared by server and web. */
export const TOKEN_STORAGE_KEY = 'auth_token';
export const MOBILE_BREAKPOINT_PX = 768;
export const SESSION_COOKIE = 'daymark_session';
/** The device cookie of a browser that signed in (server/src/features/auth/deviceCookie.ts). */
export const DEVICE_COOKIE = 'daymark_device';

export const SECTIONS = ['dashboard', 'notes', 'todos', 'workout', 'coach', 'transcript', 'assistant'] as const;
export type Section = (typeof SECTIONS)[number];

export const MESSAGES = {
  loginRequired: 'Username and password are required',
  loginFailedScreen: 'Login failed. Please check your credentials.',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  authRequired: 'Authentication required',
  crossOrigin: 'Cross-origin request rejected',
  notFound: 'Not found',
  somethingWrong: 'Something went wrong',
  databaseUnavailable: 'The database cannot be reached right now. Please try again in a moment.',
  unexpectedAppError: 'Unexpected Application Error!',
} as const;
