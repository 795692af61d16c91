/** A text kept as its UTF-8 bytes (or as the text, `writtenTextOnce`), with whatever else was worked out while writing it. */
export interface Written<E, J extends Buffer | string = Buffer> {
  json: J;
  extra: E;
}

interface Kept<E, J extends Buffer | string> extends Written<E, J> {
  inputs: readonly unknown[];
  /** What it holds: its text's length and its inputs' texts. */
  size: number;
}

const sizeOf = (json: Buffer | string, inputs: readonly unknown[]) =>
  inputs.reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 8), json.length);

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

function keptOnce<E, J extends Buffer | string>(maxBytes: number, keep: (text: string | Buffer) => J) {
  const kept = new Map<string, Kept<E, J>>();
  let bytes = 0;
  /** The part kept under `key` if it was written from these very inputs; nothing is written. */
  const peek = (key: string, inputs: readonly unknown[]): Written<E, J> | undefined => {
    const k = kept.get(key);
    return k !== undefined && sameInputs(k.inputs, inputs) ? k : undefined;
  };
  const written = (
    key: string,
    inputs: readonly unknown[],
    write: () => { text: string | Buffer; extra: E },
  ): Written<E, J> => {
    const k = kept.get(key);
    if (k !== undefined && sameInputs(k.inputs, inputs)) return k;
    const { text, extra } = write();
    const json = keep(text);
    // A copy, never the caller's array. Callers build their inputs as an array literal on every
    // request; when the first ones of a literal are kept, V8 sees that site's arrays survive and
    // allocates all its later ones straight in the old generation (allocation-site pretenuring).
    // Each of those then keeps its request's young strings alive through every young-generation
    // collection: the journal's largest page ran at 0.5 of its twin, 1.0 with the copy
    // (bench/README, 2026-11-28).
    const fresh: Kept<E, J> = { inputs: inputs.slice(), json, extra, size: sizeOf(json, inputs) };
    if (k !== undefined) bytes -= k.size;
    if (bytes + fresh.size > maxBytes) {
      kept.clear();
      bytes = 0;
    }
    kept.set(key, fresh);
    bytes += fresh.size;
    return fresh;
  };
  return Object.assign(written, { peek });
}

/**
 * Answers' parts written as JSON once and kept by key, bounded by what they hold (their bytes
 * and their inputs' texts; emptied when full). Lists and single reads present the same stored rows again and again (every reload,
 * every page read twice), and presenting them (parsing stored JSON, writing every field) was
 * most of such a read's work. A part is reused only when every input it is written from
 * (`inputs`, compared with ===, so texts by their content) is the same as when it was written;
 * anything else writes it again and replaces it. So a part is a pure function of its key and
 * inputs: it can never show one user another's data, nor be served stale, in this instance or
 * after another instance's write. Parts are kept as bytes so that an answer is a copy of them,
 * not a string to measure and encode again. The bytes are never changed: an answer copies them,
 * or sends them as they are when one part is the whole answer (a calendar range). A long list
 * joined from many parts measured faster kept as texts (`writtenTextOnce`).
 */
export function writtenOnce<E = undefined>(maxBytes: number) {
  // A part written as bytes is kept as it is: the caller hands it over and keeps no reference.
  return keptOnce<E, Buffer>(maxBytes, (text) => (typeof text === 'string' ? Buffer.from(text) : text));
}

/**
 * As `writtenOnce`, with each part kept as its text: for answers joined from many small parts
 * (`jsonArrayText`). Joining kept bytes made a new buffer outside the JS heap for every answer;
 * a page of 25 morning notes joined so ran at a median 0.77 of its twin, joined as a string at
 * 1.06 (bench/README, 2026-11-28).
 */
export function writtenTextOnce<E = undefined>(maxBytes: number) {
  return keptOnce<E, string>(maxBytes, (text) => (typeof text === 'string' ? text : text.toString('utf8')));
}

/** A JSON array of texts already written as JSON. */
export function jsonArrayText(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c)) as [Buffer, Buffer, Buffer];

/**
 * A JSON array of texts already written as JSON, as one buffer; between `before` and `after`
 * when the array is part of a larger text (copied once, not once as the array and again).
 */
export function jsonArrayOf(items: readonly Buffer[], before?: Buffer, after?: Buffer): Buffer {
  const parts: Buffer[] = before ? [before, OPEN] : [OPEN];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(items[i] as Buffer);
  }
  parts.push(CLOSE);
  if (after) parts.push(after);
  return Buffer.concat(parts);
}
