import fc from 'fast-check';

/** Text that has broken parsers, queries, file paths and pages before. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'İstanbul ß ﬃ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "' OR '1'='1",
  "'; DROP TABLE todos; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '![x](https://evil.example/x.png)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, on purpose
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '2026-02-30',
  '2026-13-01',
  '9999-99-99',
  '0000-00-00',
  '2026-1-1',
  '2026-01-15T25:61:00Z',
  '1970-01-01',
  '275760-09-13',
  'Europe/Nowhere',
  '* * * * * * *',
  '\r\nSet-Cookie: x=1',
];

export const ONE_MB = 'x'.repeat(1024 * 1024);

export const HOSTILE_NUMBERS = [-1, 0, 1.5, -2147483649, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE];

/** A hostile value of any JSON type (the 1 MB string included, rarely). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      [],
      {},
      [null],
      { $gt: '' },
      JSON.parse('{"__proto__":{"is_admin":1}}'),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A hostile value for a path or query parameter, as text. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(5000)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }) },
);

/** Bodies that are not the JSON they claim to be. */
export const MALFORMED_BODIES = [
  '{"a":',
  '[',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{}'.repeat(3),
];

/** Content types a JSON route does not take. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/zip',
];

/** Ways to spoil an object body that has the right shape. */
export type BodyMutation =
  | { kind: 'wrong-type'; key: string; value: unknown }
  | { kind: 'missing'; key: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace-all'; value: unknown };

export const bodyMutation = (keys: string[]): fc.Arbitrary<BodyMutation> => {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('content');
  return fc.oneof(
    fc.record({ kind: fc.constant('wrong-type' as const), key, value: hostileValue }),
    fc.record({ kind: fc.constant('missing' as const), key }),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.constantFrom('user_id', 'id', 'is_admin', '__proto__', 'extra'),
      value: hostileValue,
    }),
    fc.record({ kind: fc.constant('replace-all' as const), value: hostileValue }),
  );
};

export function applyMutation(body: unknown, m: BodyMutation): unknown {
  if (m.kind === 'replace-all') return m.value;
  const obj = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
  const rec = obj as Record<string, unknown>;
  if (m.kind === 'missing') delete rec[m.key];
  else if (m.kind === 'extra') Object.defineProperty(rec, m.key, { value: m.value, enumerable: true });
  else rec[m.key] = m.value;
  return rec;
}
