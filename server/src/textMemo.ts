/**
 * Answers computed once by key and kept in a bounded map, emptied when full: for values that
 * depend on nothing but their key (a day's start in a zone, a range's weeks, a stored text's
 * parsed form), so an entry is never stale. Answers are shared by every caller, so they are
 * strings or frozen (`frozen`): a caller that tried to change one would throw instead of
 * changing it for others.
 */
export function boundedMemo<T>(max: number): (key: string, compute: () => T) => T {
  const known = new Map<string, T>();
  return (key, compute) => {
    let answer = known.get(key);
    if (answer === undefined) {
      answer = compute();
      if (known.size >= max) known.clear();
      known.set(key, answer);
    }
    return answer;
  };
}

/**
 * A pure function of a text, remembered by the text: for stored texts that reads present again
 * and again unchanged (an event's details, a settings text, a daily note's parts); a changed
 * text is another key.
 */
export function byText<T>(compute: (text: string) => T, max: number): (text: string) => T {
  const memo = boundedMemo<T>(max);
  return (text) => memo(text, () => compute(text));
}

/** The value with every object and array in it frozen (for answers `byText` shares). */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}
