/**
 * The offline action-item extractor: proposes todos from a transcript's own words. Every item
 * is a piece of one sentence of the transcript, cut out and trimmed, never reworded (only its
 * first letter is capitalised), so nothing is invented.
 *
 * A line's start time and speaker label ("[0:03] Dana Lee: ") are set aside and the rest is cut into sentences
 * (`Intl.Segmenter`, rejoined after abbreviations such as "Dr."). Rules, tried on each sentence
 * holding a marker or a verb of intent, in order (the first that matches wins):
 *  1. a checkbox: `- [ ] text`, `* [ ] text`, `[ ] text`
 *  2. a label at the start: `Action: text`, `Action item: text`, `TODO: text`, `To-do - text`, `TODO text`
 *  3. an assignment to the user: `@me text`
 *  4. a spoken commitment, which needs an owner with a verb of intent ("I'll send…",
 *     "we will…", "Sam is going to…"), or a verb of intent with a date ("the deck needs to go
 *     out by Friday"). Not: "I will not/never/be…", and not talk about the meeting itself
 *     ("I'll share my screen", "I'll see you next week", "I have to go").
 * The item is one line: at most ITEM_MAX_LENGTH characters, cut at a word, without filler words
 * in front ("so", "um", "okay"…) and with a capital first letter. Its `source` is the sentence it
 * came from, not the whole paragraph.
 */

import { labelledSpeaker, TIME_PREFIX } from './speakerLabel.js';

export interface ExtractedItem {
  /** The todo's text: a piece of `source` (its first letter capitalised). */
  text: string;
  /** The trimmed transcript sentence it came from. */
  source: string;
}

export const ACTION_ITEMS_MAX = 50;
/** An item fits on one line of the todo list. */
export const ITEM_MAX_LENGTH = 120;
const SOURCE_MAX_LENGTH = 300;
const MIN_LENGTH = 3;

// Explicit markers, at the start of a sentence. The `s` flag lets `(.+)$` take the rest at once.
const MARKERS: RegExp[] = [
  /^(?:[-*]\s*)?\[ \]\s+(.+)$/su,
  /^(?:action(?:[ -]items?)?|to-?do|to do)\s*[:–-]\s*(.+)$/isu,
  /^TODO\s+(.+)$/su,
  /^@me\b[:,]?\s+(.+)$/isu,
];

/** An owner saying what they will do; group 1 is the owner, and the action follows the match. */
const FIRST_PERSON =
  /\b(I|[Ww]e)(?:'ll|’ll| will| shall|'m going to|’m going to| am going to|'re going to|’re going to| are going to| need to| have to|'ve got to|’ve got to| can take care of| plan to)[\s,]/u;
const NAMED_OWNER =
  /\b([A-Z][a-z]{1,20}|he|she|they)(?:'ll|’ll| will| is going to|'s going to|’s going to| are going to| needs to| has to| agreed to| plans to)[\s,]/u;
/** Capitalised words that are not people. */
const NOT_A_NAME =
  /^(?:It|This|That|There|These|Those|What|Which|Who|Where|When|Why|How|Everything|Everyone|Nothing|Something|Someone|Somebody|Anyone|Anything|Nobody|Which|Here|Today|Tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Zoom|Teams)$/;
/** What follows "I'll" when the sentence is no commitment: a refusal, a state, or the meeting's own business. */
const NOT_AN_ACTION =
  /^(?:not|never|be|see|say|tell you|admit|talk|speak|stop (?:sharing|the recording|here|there)|share (?:my|the) screen|go\W*$|go (?:now|first)|leave (?:it|you|now|early|the call|the meeting)|leave\W*$|wait|mute|unmute|hand (?:it|over)|pass (?:it|the mic)|turn it over|let you go|keep it (?:short|brief)|start (?:with|by|off)|continue (?:with|where)|move on|jump (?:in|off)|hop (?:on|off)|drop (?:off|out)|pause|repeat|put you|bring you|get back to you on that|guess|bet|think|mention|add (?:that|one thing)|just say|do my best|\w+ (?:it|that|this|the link) in(?:to)? the chat|do (?:here |now |today |first |next )?is)\b/i;
/** Words in front of the action that the todo does not need. */
const LEADING_SOFTENER =
  /^(?:just|also|then|quickly|definitely|probably|actually|really|go ahead and|try to|make sure (?:to|that I|I)|u[hm]+)\b[\s,]*/i;

/** A verb of intent without an owner, which counts with a date ("will" alone predicts, it does not commit). */
const WEAK_INTENT =
  /\b(?:needs? to|ha(?:ve|s) to|should|must|let's|let’s|let us|plan to|supposed to|is due|are due)\b/i;
/** A date or deadline. */
const DATE =
  /\b(?:today|tonight|tomorrow|(?:this|next) (?:morning|afternoon|evening|week|month|quarter|year)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|end of (?:the )?(?:day|week|month|quarter|year)|by (?:noon|eod|eow|cob)|deadline|(?:january|february|march|april|june|july|august|september|october|november|december) \d|\d(?:st|nd|rd|th)|\d ?(?:am|pm))\b/i;

/** Spoken filler at the start of a sentence: single words, and pairs of words. */
const FILLER_WORDS = new Set(
  'so and but or er erm yeah yep yes okay ok oh well right like alright sure also then anyway basically actually now'.split(
    ' ',
  ),
);
const FILLER_PAIRS = new Set(['you know', 'i mean', 'i think', 'i guess', 'all right']);
/** A word and the spaces or commas after it. */
const WORD = /^([A-Za-z]+)[\s,]*/u;
const HESITATION = /^(?:u[hm]+|hm+)$/;
/** A sentence ending in one of these ran on: "Dr. Patel" is one sentence. */
const ABBREVIATION = /\b(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Jr|vs|etc|approx|No|Inc|Ltd|Co|e\.g|i\.e)\.$/u;
/** Where a second clause starts: a semicolon, a dash, or a comma before a new subject or "and then". */
const CLAUSE_BREAK =
  /;|\s[–—-]\s|,\s(?:and then|and so|but|so|because|which|it|it's|it’s|he|she|they|we|I|I'm|I’m|that's|that’s)\s/u;
/** A closing word or mark the item does not end on. */
const CLOSING = /[\s,:;.!?"'“”‘’)–-]/u;
const DANGLING = /\s(?:and|or|but|so|the|a|an|to|of|for|with|in|on|at|that|which|because|if|then)$/i;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Where an item could be: a marker or a verb of intent. Every rule above needs one of these
 * words, so only the sentences holding one are looked at.
 */
const CANDIDATE =
  /\[ \]|@me\b|'ll\b|’ll\b|\b(?:action|to-?do|to do|will|shall|going to|needs?|ha(?:ve|s) to|got to|take care|plans?|agreed|should|must|let's|let’s|let us|supposed|due)\b/giu;
/** A sentence is not rejoined past this length. */
const SENTENCE_MAX = 2_000;

const isLineEnd = (c: string | undefined) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
const isStop = (c: string | undefined) => c === '.' || c === '!' || c === '?';
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || isLineEnd(c);

/**
 * The stretch around `at` between the nearest sentence ends (". ", "! ", "? ", a line end),
 * never before `floor` nor longer than SENTENCE_MAX either way: a quick guess of the sentence.
 */
function roughSentence(text: string, at: number, floor: number): [number, number] {
  let start = at;
  const lo = Math.max(floor, at - SENTENCE_MAX);
  while (start > lo && !isLineEnd(text[start - 1]) && !(isSpace(text[start - 1]) && isStop(text[start - 2]))) start--;
  let end = at;
  const hi = Math.min(text.length, at + SENTENCE_MAX);
  while (
    end < hi &&
    !isLineEnd(text[end]) &&
    !(isStop(text[end]) && (end + 1 === text.length || isSpace(text[end + 1])))
  )
    end++;
  return [start, Math.min(end + 1, text.length)];
}

/**
 * The sentence around `at` as Unicode's sentence rules have it (`Intl.Segmenter`), rejoined
 * after an abbreviation ("Dr."), within the stretch [lo, hi). Only a small stretch is given to
 * the segmenter: it took seconds on a whole transcript.
 */
function exactSentence(text: string, at: number, lo: number, hi: number): [number, number] {
  const piece = text.slice(lo, hi);
  const segments = segmenter.segment(piece);
  const first = segments.containing(at - lo);
  if (!first) return [at, at];
  const start = first.index;
  let end = start + first.segment.length;
  while (
    end < piece.length &&
    ABBREVIATION.test(
      piece
        .slice(Math.max(start, end - 16), end)
        .trimEnd()
        .slice(-8),
    )
  ) {
    const next = segments.containing(end);
    if (!next || isLineEnd(piece[end - 1])) break;
    end = next.index + next.segment.length;
  }
  return [lo + start, lo + end];
}

/** A sentence of the transcript as the rules read it: one line of single spaces, its speaker label set aside. */
function cleaned(raw: string): string {
  const sentence = raw.replace(/\s+/gu, ' ').trim();
  return labelledSpeaker(sentence)?.rest ?? sentence.replace(TIME_PREFIX, '');
}

/**
 * The sentences of a transcript that propose an item, in order, each once, with the item. Each
 * candidate word's sentence is first guessed quickly; only a guess that proposes something is
 * cut exactly by the segmenter (a line end is always a sentence end).
 */
function* proposals(text: string): Generator<{ sentence: string; found: string }> {
  let covered = 0;
  // Bounds the segmenter's work when a text repeats one proposal over and over.
  let cuts = 0;
  for (const m of text.matchAll(CANDIDATE)) {
    if (m.index < covered) continue;
    if (cuts >= ACTION_ITEMS_MAX * 4) return;
    const [start, end] = roughSentence(text, m.index, covered);
    covered = end;
    if (!itemOf(cleaned(text.slice(start, end)))) continue;
    cuts++;
    const lo = Math.max(0, start - 200);
    const [exactStart, exactEnd] = exactSentence(text, m.index, lo, Math.min(text.length, end + 200));
    covered = Math.max(covered, exactEnd);
    const sentence = cleaned(text.slice(exactStart, exactEnd));
    const found = itemOf(sentence);
    if (found) yield { sentence, found };
  }
}

/** `s` without closing punctuation, wrapping quotes or a dangling last word. */
function trimEnd(s: string): string {
  let t = s;
  for (;;) {
    // Trimmed from the end by hand: `[…]+$` tries every start in a long run of these characters.
    let last = t.length;
    while (last > 0 && CLOSING.test(t[last - 1] ?? '')) last--;
    t = t.slice(0, last);
    const dangling = t.match(DANGLING);
    if (!dangling) return t;
    t = t.slice(0, t.length - dangling[0].length);
  }
}

/** One line: the first clause, cut at the last word within ITEM_MAX_LENGTH. */
function oneLine(clause: string): string {
  const stop = clause.search(CLAUSE_BREAK);
  const s = stop > 0 ? clause.slice(0, stop) : clause;
  if (s.length <= ITEM_MAX_LENGTH) return trimEnd(s);
  const cut = s.slice(0, ITEM_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return trimEnd(space > ITEM_MAX_LENGTH / 2 ? cut.slice(0, space) : cut.slice(0, ITEM_MAX_LENGTH));
}

const capitalise = (s: string) => (s ? s[0]?.toUpperCase() + s.slice(1) : s);

/** Leading spaces and filler words off, as a piece of the sentence. */
function withoutFiller(s: string): string {
  let t = s.trimStart();
  for (;;) {
    const one = t.match(WORD);
    if (!one?.[1]) return t;
    const word = one[1].toLowerCase();
    const rest = t.slice(one[0].length);
    if (FILLER_WORDS.has(word) || HESITATION.test(word)) {
      t = rest;
      continue;
    }
    const two = rest.match(WORD);
    if (!two?.[1] || !FILLER_PAIRS.has(`${word} ${two[1].toLowerCase()}`)) return t;
    t = rest.slice(two[0].length);
  }
}

/** `s` without as many of `word` (an anchored pattern) in front as it has. */
function stripAll(s: string, word: RegExp): string {
  let t = s;
  for (let m = t.match(word); m?.[0]; m = t.match(word)) t = t.slice(m[0].length);
  return t;
}

/** What an owner's commitment asks to do, or null when the sentence is none (a question is none). */
function spokenCommitment(sentence: string): string | null {
  if (sentence.endsWith('?')) return null;
  const first = sentence.match(FIRST_PERSON);
  const action = first
    ? stripAll(sentence.slice((first.index ?? 0) + first[0].length).trimStart(), LEADING_SOFTENER)
    : '';
  if (action && !NOT_AN_ACTION.test(action)) return action;
  const named = sentence.match(NAMED_OWNER);
  if (named?.[1] && !NOT_A_NAME.test(named[1])) {
    const at = named.index ?? 0;
    const rest = sentence.slice(at + named[0].length).trimStart();
    if (rest && !NOT_AN_ACTION.test(rest)) return sentence.slice(at);
  }
  // "I'll see you next week" names a date, and is still no commitment.
  if (first) return null;
  if (WEAK_INTENT.test(sentence) && DATE.test(sentence)) return withoutFiller(sentence);
  return null;
}

/** The item a sentence proposes, if any: always the sentence's end, from some point on. */
function itemOf(sentence: string): string | null {
  for (const marker of MARKERS) {
    const m = sentence.match(marker);
    if (m?.[1]) return m[1];
  }
  return spokenCommitment(sentence);
}

/** Whether what is left says something: two words, not only "do it" or "that". */
const saysSomething = (s: string) =>
  s.length >= MIN_LENGTH && !/^\S+(?:\s+(?:it|that|this|so|too|then|now))?$/i.test(s);

export function extractActionItems(transcript: string): ExtractedItem[] {
  const seen = new Set<string>();
  const items: ExtractedItem[] = [];
  for (const { sentence, found } of proposals(transcript)) {
    const text = capitalise(oneLine(withoutFiller(found)));
    const key = text.toLowerCase();
    if (!saysSomething(text) || seen.has(key)) continue;
    seen.add(key);
    // A long sentence is quoted from where the item starts.
    const from = sentence.length > SOURCE_MAX_LENGTH ? sentence.length - found.length : 0;
    items.push({ text, source: sentence.slice(from, from + SOURCE_MAX_LENGTH).trimEnd() });
    if (items.length >= ACTION_ITEMS_MAX) break;
  }
  return items;
}
