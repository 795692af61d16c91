import { z } from 'zod';
import { canonicalTimeZone, isValidDate } from '../time.js';

/** A real calendar day, YYYY-MM-DD (2026-02-30 and 9999-99-99 are refused). */
export const isoDate = z
  .string()
  .max(10, 'Date must be YYYY-MM-DD')
  .refine(isValidDate, { message: 'Date must be YYYY-MM-DD' });

/** An IANA time zone name, returned in its canonical spelling. */
export const timeZoneName = z
  .string()
  .max(64)
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone.trim());
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: `Unknown time zone: ${zone.slice(0, 64)}` });
      return z.NEVER;
    }
    return canonical;
  });
