import {
  type ImportTranscriptResponse,
  importTranscriptResponse,
  TRANSCRIPT_IMPORT_MAX_BYTES,
  TRANSCRIPT_IMPORT_TOO_LARGE,
} from '#common/api/transcripts.js';
import { post } from '../../api/client';

/** What the import's file input offers: caption files, text, and Word documents (Teams, Meet). */
export const IMPORT_ACCEPT =
  '.vtt,.srt,.txt,.docx,text/vtt,text/plain,application/x-subrip,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const IMPORT_LABEL = 'Import a transcript file (.vtt, .srt, .txt or .docx)';
export const IMPORT_BUTTON = 'Import .vtt, .srt, .txt or .docx';
/** The file's name without the extension the import reads, as a title. */
export const titleOfFile = (name: string) => name.replace(/\.(?:vtt|srt|txt|docx)$/i, '');

/** A file's bytes in base64 (a data: URL's body), read by the browser without decoding them. */
function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends the file's bytes, not its text: the server finds the encoding (a Windows-1252 subtitle
 * file or a UTF-16 export would otherwise lose its accents here) and reads .docx files.
 */
export async function importTranscriptFile(file: File): Promise<ImportTranscriptResponse> {
  if (file.size > TRANSCRIPT_IMPORT_MAX_BYTES) throw new Error(TRANSCRIPT_IMPORT_TOO_LARGE);
  return post(
    '/transcripts/import',
    { filename: file.name, base64: await fileBase64(file) },
    { schema: importTranscriptResponse },
  );
}

/** What the form says after an import: how much was read and who speaks. */
export function importNotice(name: string, out: ImportTranscriptResponse): string {
  const read = out.cues > 0 ? `${out.cues} captions` : null;
  const who = out.speakers.length > 0 ? `speakers ${out.speakers.join(', ')}` : null;
  const parts = [read, who].filter(Boolean);
  return parts.length ? `Imported ${name}: ${parts.join('; ')}.` : `Imported ${name}.`;
}
