import { decodeHTMLStrict } from 'entities';
import { unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { badRequest } from '../../http/errors.js';

/** The XML parts of a .docx may unpack to at most this many bytes (a zip bomb is refused before inflating). */
export const DOCX_XML_MAX_BYTES = 64 * 1024 * 1024;

const unreadable = (why: string) => badRequest(`This .docx file could not be read: ${why}.`);

/**
 * The text of a Word document (Teams and Google Meet give transcripts as .docx), one line per
 * paragraph and per line break, a blank line between paragraphs. mammoth reads the document;
 * its HTML is used rather than its raw text because the raw text drops line breaks, and Teams
 * puts the speaker line and the words in one paragraph, a break between them.
 *
 * The zip is opened here first, with limits: only the XML parts are unpacked (images are not
 * needed), their declared sizes must add up to at most DOCX_XML_MAX_BYTES, and a part whose
 * compressed data is larger than its declared size is refused (a declared size is all that
 * bounds the unpacking). mammoth is then given just those parts.
 */
export async function docxText(bytes: Uint8Array): Promise<string> {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw unreadable('it is not a Word document (no zip signature)');
  let declared = 0;
  let lying = false;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (f) => {
        if (!/\.(?:xml|rels)$/i.test(f.name)) return false;
        if (f.size > f.originalSize + 1024) lying = true;
        declared += f.originalSize;
        return !lying && declared <= DOCX_XML_MAX_BYTES;
      },
    });
  } catch (err) {
    throw unreadable(`the zip is damaged (${err instanceof Error ? err.message : String(err)})`);
  }
  if (lying) throw unreadable('the zip is damaged (a part is larger than it says)');
  if (declared > DOCX_XML_MAX_BYTES) {
    throw unreadable(`its text unpacks to more than ${DOCX_XML_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (!parts['word/document.xml']) throw unreadable('it holds no Word document (word/document.xml is missing)');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(zipSync(parts, { level: 0 })) },
      // Images are left out: their files were not unpacked.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (err) {
    throw unreadable(err instanceof Error ? err.message : String(err));
  }
  return htmlToLines(html);
}

/** mammoth's HTML (paragraphs, headings, lists, tables, line breaks) as lines of text. */
function htmlToLines(html: string): string {
  const text = html
    .replace(/<br ?\/?>/g, '\n')
    .replace(/<\/(?:p|h[1-6]|li|tr)>/g, '\n\n')
    .replace(/<\/td>/g, '\t')
    .replace(/<[^<>]*>/g, '');
  return decodeHTMLStrict(text)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
