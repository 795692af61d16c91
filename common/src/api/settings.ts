import { z } from 'zod';
import { timeZoneName } from './dates.js';
import { equipmentAvailable, workoutPreferences } from './workout.js';

/** Settings as part 2 §3 has them (both workout fields are JSON strings), plus the user's zone and whether AI is on. */
export const settingsResponse = z
  .object({
    id: z.number(),
    equipmentAvailable: z.string(),
    workoutPreferences: z.string(),
    /** The user's IANA time zone: what "today", weeks and ranges mean for them ('UTC' when never set). */
    timezone: z.string(),
    /** Whether this server has an AI model connected; without one the coaches answer from offline rules. */
    aiConfigured: z.boolean(),
  })
  .meta({ id: 'Settings' });
export type SettingsResponse = z.infer<typeof settingsResponse>;

const jsonOf = <T extends z.ZodType>(schema: T, what: string) =>
  z.string().refine(
    (s) => {
      try {
        return schema.safeParse(JSON.parse(s)).success;
      } catch {
        return false;
      }
    },
    { message: `${what} is not valid` },
  );

/** Any of the fields; those left out keep their value. */
export const saveSettingsRequest = z
  .object({
    equipmentAvailable: jsonOf(equipmentAvailable, 'equipmentAvailable').optional(),
    workoutPreferences: jsonOf(workoutPreferences, 'workoutPreferences').optional(),
    timezone: timeZoneName.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to save');
export type SaveSettingsRequest = z.input<typeof saveSettingsRequest>;
