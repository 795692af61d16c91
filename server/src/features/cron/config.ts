import type { ConfigSchema } from '../../../../common/src/api/cron.js';

const MAX_TEXT = 2000;

/**
 * Checks a job's config against its type's schema (§5): required fields present, numbers
 * whole, text within bounds, no unknown keys. Missing values take the schema's defaults.
 * Returns the cleaned config or the message for the user.
 */
export function validateConfig(schema: ConfigSchema, raw: Record<string, unknown>): Record<string, unknown> | string {
  const unknown = Object.keys(raw).find((k) => !(k in schema));
  if (unknown) return `Unknown setting: ${unknown}`;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) {
    let value = raw[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (field.default !== undefined) value = field.default;
      else if (field.required) return `${key} is required`;
      else continue;
    }
    if (field.type === 'number') {
      const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return `${key} must be a whole number`;
      out[key] = n;
    } else {
      // An argument list may arrive as an array from API clients; it is kept as its JSON text.
      const s = Array.isArray(value) ? JSON.stringify(value) : value;
      if (typeof s !== 'string') return `${key} must be text`;
      if (s.length > MAX_TEXT) return `${key} can be at most ${MAX_TEXT} characters`;
      out[key] = s.trim();
    }
  }
  return out;
}
