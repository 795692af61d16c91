import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ActivityFileError, REASONS } from './types.js';

/** The file's text: UTF-8 (a byte order mark dropped) or UTF-16 with its mark. */
export function xmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const text = new TextDecoder('utf-8').decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The local name of the document's first element ("gpx", "TrainingCenterDatabase"), looked for
 * past the declaration, comments, processing instructions and a DOCTYPE; null when the text does
 * not start like XML.
 */
export function xmlRootName(text: string): string | null {
  let i = 0;
  const n = Math.min(text.length, 64 * 1024);
  while (i < n) {
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text[i] !== '<') return null;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return null;
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      // <!DOCTYPE …>, maybe with an internal subset in brackets.
      const bracket = text.indexOf('[', i);
      const close = text.indexOf('>', i);
      if (close < 0) return null;
      if (bracket >= 0 && bracket < close) {
        const end = text.indexOf(']', bracket);
        if (end < 0) return null;
        const gt = text.indexOf('>', end);
        if (gt < 0) return null;
        i = gt + 1;
      } else {
        i = close + 1;
      }
    } else {
      const m = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text.slice(i, i + 200));
      return m ? m[2]! : null;
    }
  }
  return null;
}

/** Refuses entity declarations (the "billion laughs" and external entities) before any parser sees them. */
export function refuseEntities(text: string): void {
  if (/<!DOCTYPE/i.test(text) && /<!ENTITY/i.test(text)) throw new ActivityFileError(REASONS.entities);
}

/**
 * Parses GPX or TCX text into plain objects: namespace prefixes dropped (gpxtpx:hr → hr), every
 * value left a string, entities never expanded; the elements named in `arrays` always arrays.
 */
export function parseXml(text: string, arrays: ReadonlySet<string>): Record<string, unknown> {
  refuseEntities(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ActivityFileError(REASONS.badXml);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  try {
    return parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new ActivityFileError(REASONS.badXml, { cause: error });
  }
}

/** The five XML entities and character references, decoded in the few texts shown (names, creators). */
export function decodeXmlText(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (all, e: string) => {
    switch (e) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

export type XmlNode = Record<string, unknown>;

export function asNode(v: unknown): XmlNode | null {
  return v != null && typeof v === 'object' && !Array.isArray(v) ? (v as XmlNode) : null;
}

export function asList(v: unknown): XmlNode[] {
  if (Array.isArray(v)) return v.map(asNode).filter((x): x is XmlNode => x != null);
  const one = asNode(v);
  return one ? [one] : [];
}

/** An element's text, whether it came with attributes or not. */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  const node = asNode(v);
  if (node && typeof node['#text'] === 'string') return node['#text'];
  if (Array.isArray(v)) return textOf(v[0]);
  return null;
}

/** A name shown to the user: entities decoded, spaces squeezed, at most 200 characters; null when empty. */
export function displayText(v: unknown): string | null {
  const t = textOf(v);
  if (t == null) return null;
  const s = decodeXmlText(t).replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, 200) : null;
}

/** A timestamp as GPX and TCX write it (ISO 8601, a zone or Z); null when unreadable. */
export function timeOf(v: unknown): Date | null {
  const t = textOf(v)?.trim();
  if (!t) return null;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? null : d;
}
