/**
 * Decides whether an assistant reply is shown as a sectioned report card or as a chat bubble
 * (part 2 §4 'Report detection'). The spec names the factors and the threshold of 50 points;
 * the points per factor are ours and are listed in REPORT_POINTS.
 */
import { atxHeading } from './markdownHeading.js';

export const REPORT_THRESHOLD = 50;

export const REPORT_POINTS = {
  words200: 10,
  words300: 20,
  words500: 30,
  oneHeader: 10,
  twoHeaders: 20,
  bullets: 15,
  actionItems: 15,
  threeSections: 20,
  reportTitle: 20,
} as const;

export type ReportFactor = keyof typeof REPORT_POINTS;

export interface ReportScore {
  score: number;
  factors: ReportFactor[];
  isReport: boolean;
  /** Why a reply is a bubble regardless of its score. */
  forcedBubble?: 'short' | 'question' | 'error';
}

/** A line that is only bold text, e.g. `**Top priorities**` or `**Wins:**`, also heads a section. */
const BOLD_HEADER = /^\s{0,3}\*\*([^*]+?)\*\*:?\s*$/;
const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
const ACTION = /(action items?|next steps?|to-?dos?|follow[- ]ups?|\[ \])/i;
const REPORT_WORDS = /\b(briefing|review|summary|report|agenda|overview|outlook|plan|priorities|recap|debrief)\b/i;
const ERROR_LIKE =
  /^\s*(error\b|sorry\b|i'?m sorry|i am sorry|unfortunately|i apologi[sz]e|i (?:can(?:'|no)t|could(?:n'?t| not)|was unable|am unable))/i;

export const countWords = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * The line's heading (a markdown heading indented by at most three spaces, or a bold-only line):
 * its level (null for a bold line) and its plain text.
 */
function headingOf(line: string): { level: number | null; text: string } | undefined {
  const body = line.trimStart();
  const atx = line.length - body.length <= 3 ? atxHeading(body) : undefined;
  if (atx) return { level: atx.level, text: stripInline(atx.title) };
  const bold = BOLD_HEADER.exec(line)?.[1];
  return bold ? { level: null, text: stripInline(bold) } : undefined;
}

export function headings(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const h = headingOf(line);
    if (h) out.push(h.text);
  }
  return out;
}

const stripInline = (s: string) =>
  s
    .replace(/[*_`~]/g, '')
    .replace(/:$/, '')
    .trim();

function isSingleQuestion(text: string): boolean {
  const t = text.trim();
  if (!t.endsWith('?') || t.includes('\n\n')) return false;
  const sentences = t.split(/(?<=[.!?])\s+/).filter(Boolean);
  return sentences.filter((s) => s.endsWith('?')).length === 1;
}

export function scoreReply(text: string): ReportScore {
  const words = countWords(text);
  const lines = text.split('\n');
  const heads = headings(text);
  const factors: ReportFactor[] = [];
  if (words > 500) factors.push('words500');
  else if (words > 300) factors.push('words300');
  else if (words > 200) factors.push('words200');
  if (heads.length >= 2) factors.push('twoHeaders');
  else if (heads.length === 1) factors.push('oneHeader');
  if (lines.filter((l) => BULLET.test(l)).length >= 3) factors.push('bullets');
  if (ACTION.test(text)) factors.push('actionItems');
  if (heads.length >= 3) factors.push('threeSections');
  if (heads[0] && REPORT_WORDS.test(heads[0])) factors.push('reportTitle');
  const score = factors.reduce((sum, f) => sum + REPORT_POINTS[f], 0);

  let forcedBubble: ReportScore['forcedBubble'];
  if (ERROR_LIKE.test(text)) forcedBubble = 'error';
  else if (words < 50) forcedBubble = 'short';
  else if (isSingleQuestion(text)) forcedBubble = 'question';
  return { score, factors, forcedBubble, isReport: !forcedBubble && score >= REPORT_THRESHOLD };
}

export type ReportKind = 'review' | 'briefing' | 'other';

/** The report card's title: the reply's first heading, else a name for the kind of request. */
export function reportTitle(text: string, kind: ReportKind): string {
  const first = headings(text)[0];
  if (first) return first;
  return kind === 'review' ? 'End of Day Summary' : kind === 'briefing' ? 'Daily Briefing' : 'Assistant Report';
}

export interface ReportSection {
  heading: string | null;
  body: string;
}

/** Splits a report into its sections; the first heading (used as the title) is not repeated. */
export function reportSections(text: string): ReportSection[] {
  const sections: ReportSection[] = [];
  let current: ReportSection = { heading: null, body: '' };
  let seenTitle = false;
  for (const line of text.split('\n')) {
    const h = headingOf(line);
    if (h) {
      if (current.heading !== null || current.body.trim()) sections.push(current);
      // The first heading is the card's title; a top-level first heading opens no section.
      const isTitle = !seenTitle && h.level === 1;
      seenTitle = true;
      current = { heading: isTitle ? null : h.text, body: '' };
    } else {
      current.body += `${line}\n`;
    }
  }
  if (current.heading !== null || current.body.trim()) sections.push(current);
  return sections.map((s) => ({ heading: s.heading, body: s.body.trim() })).filter((s) => s.heading || s.body);
}
