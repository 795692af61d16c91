import zlib from 'node:zlib';
import { ACTIVITY_LIMITS } from '#common/api/activities.js';
import { looksLikeFit, parseFit } from './fit.js';
import { parseGpx } from './gpx.js';
import { parseTcx } from './tcx.js';
import { ActivityFileError, type ParsedActivity, REASONS, tooLarge } from './types.js';
import { xmlRootName, xmlText } from './xml.js';

export type { ParsedActivity } from './types.js';
export { ActivityFileError, formatMb } from './types.js';

export interface ReadOptions {
  /** Bytes a file may have, as given and after gunzip (default ACTIVITY_LIMITS.fileBytes). */
  maxBytes?: number;
}

/** Whether the bytes begin with gzip's magic bytes (1f 8b). */
export const isGzip = (bytes: Uint8Array | undefined): bytes is Uint8Array =>
  !!bytes && bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Takes off an outer gzip, never inflating past `maxBytes`. */
export function gunzipIfGzipped(bytes: Buffer, maxBytes: number = ACTIVITY_LIMITS.fileBytes): Buffer {
  if (!isGzip(bytes)) return bytes;
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new ActivityFileError(tooLarge(maxBytes), { cause: error });
    }
    if (code === 'Z_BUF_ERROR') throw new ActivityFileError(REASONS.cutShort, { cause: error });
    throw new ActivityFileError(REASONS.badGzip, { cause: error });
  }
}

/**
 * Reads one activity file: FIT, GPX or TCX, each maybe gzipped. The format is told by the content
 * (the FIT header, the XML root), never by the name, which only names the file in messages.
 * Any unreadable input throws ActivityFileError, whose message says why in the user's words.
 */
export function parseActivityFile(bytes: Buffer, _fileName: string, opts: ReadOptions = {}): ParsedActivity {
  const maxBytes = opts.maxBytes ?? ACTIVITY_LIMITS.fileBytes;
  try {
    if (bytes.length > maxBytes) throw new ActivityFileError(tooLarge(maxBytes));
    if (bytes.length === 0) throw new ActivityFileError(REASONS.empty);
    const raw = gunzipIfGzipped(bytes, maxBytes);
    if (raw.length === 0) throw new ActivityFileError(REASONS.empty);
    if (looksLikeFit(raw)) return parseFit(raw);
    if (raw.includes(0)) {
      // XML in UTF-16 has zero bytes; anything else binary is not ours.
      if (!(raw[0] === 0xff && raw[1] === 0xfe) && !(raw[0] === 0xfe && raw[1] === 0xff)) {
        throw new ActivityFileError(REASONS.notActivity);
      }
    }
    const text = xmlText(raw);
    const root = xmlRootName(text);
    if (root === 'gpx') return parseGpx(text);
    if (root === 'TrainingCenterDatabase') return parseTcx(text);
    throw new ActivityFileError(REASONS.notActivity);
  } catch (error) {
    if (error instanceof ActivityFileError) throw error;
    throw new ActivityFileError(REASONS.damaged, { cause: error });
  }
}
