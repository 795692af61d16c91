import { z } from 'zod';

/** The version of `daymark.json` this build writes and reads. */
export const EXPORT_SCHEMA_VERSION = 1;
export const EXPORT_FORMAT = 'daymark-export';

export const DATA_TEXT = {
  title: 'Your data',
  exportButton: 'Export all my data',
  exporting: 'Preparing your export…',
  importButton: 'Import from an export…',
  exportFailed: 'Failed to export your data. Please try again.',
  importFailed: 'Failed to import the file. Please try again.',
  notZip: 'This file is not a Daymark export: it is not a zip file.',
  noManifest: 'This zip is not a Daymark export: it has no daymark.json.',
  badJson: 'This export is damaged: daymark.json is not valid JSON.',
  notExport: 'This file is not a Daymark export.',
  damaged: 'This export is damaged and cannot be read.',
  tooLarge: (limitBytes: number) =>
    `The file is too large (the limit is ${Number((limitBytes / (1024 * 1024)).toFixed(2))} MB).`,
  foreignVersion: (found: unknown, known: number) =>
    `This export has schema version ${String(found).slice(0, 20)}; this Daymark reads version ${known}.`,
} as const;

export const importQuery = z.object({
  /** true: only report what would happen; nothing is written. */
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});

const tableCounts = z.object({ added: z.number().int(), skipped: z.number().int(), rejected: z.number().int() });

export const importReport = z
  .object({
    dryRun: z.boolean(),
    schemaVersion: z.number().int(),
    /** Per table: rows added (or that would be), skipped as already present, rejected. */
    tables: z.record(z.string(), tableCounts),
    /** Why rows were rejected (the first 100). */
    rejected: z.array(z.object({ table: z.string(), row: z.number().int(), reason: z.string() })),
    /**
     * The account's time zone: the export's replaces the account's when they differ (`from` the
     * account's, null when it has none yet); null when the import leaves it as it is.
     */
    timezone: z.object({ from: z.string().nullable(), to: z.string() }).nullable(),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReport>;
