/** The character encodings an uploaded text file is read in. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Reads a text file's bytes as its writer meant them: a byte-order mark decides (UTF-8,
 * UTF-16LE, UTF-16BE); without one, UTF-8 when the bytes are valid UTF-8 (ASCII is), else
 * Windows-1252, the encoding of older Windows subtitle tools and Notepad (Latin-1's superset:
 * every byte is a character, so this never fails). UTF-16 without a mark is told by its zero
 * bytes, which text in the other encodings does not contain.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const encoding = encodingOf(bytes);
  // The decoder drops the byte-order mark itself.
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}

function encodingOf(bytes: Uint8Array): TextEncoding {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  const zeros = zeroBytes(bytes.subarray(0, 4096));
  if (zeros.odd > zeros.of / 4) return 'utf-16le';
  if (zeros.even > zeros.of / 4) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Zero bytes at odd and at even offsets (ASCII in UTF-16LE puts one after each letter). */
function zeroBytes(sample: Uint8Array) {
  let odd = 0;
  let even = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? odd++ : even++;
  return { odd, even, of: sample.length };
}
