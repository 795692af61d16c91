import { type ConfigSchema, configValueProblem } from '#common/api/cron.js';

const MAX_TEXT = 2000;

/**
 * Checks a job's config against its type's schema (§5): required fields present, numbers
 * whole and within their bounds, text within bounds, no unknown keys. Missing values take the
 * schema's defaults. Returns the cleaned config or the message for the user, which names a
 * setting by its label.
 */
export function validateConfig(schema: ConfigSchema, raw: Record<string, unknown>): Record<string, unknown> | string {
  const unknown = Object.keys(raw).find((k) => !(k in schema));
  if (unknown) return `Unknown setting: ${unknown}`;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) {
    let value = raw[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (field.default !== undefined) value = field.default;
      else if (field.required) return `${field.label} is required`;
      else continue;
    }
    const problem = configValueProblem(field, value);
    if (problem) return problem;
    if (field.type === 'number') {
      out[key] = typeof value === 'string' ? Number(value) : value;
    } else {
      // An argument list may arrive as an array from API clients; it is kept as its JSON text.
      const s = Array.isArray(value) ? JSON.stringify(value) : value;
      if (typeof s !== 'string') return `${field.label} must be text`;
      if (s.length > MAX_TEXT) return `${field.label} can be at most ${MAX_TEXT} characters`;
      out[key] = s.trim();
    }
  }
  return out;
}
