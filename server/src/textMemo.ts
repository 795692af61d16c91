/**
 * A pure function of a text, remembered by the text: for stored texts that reads present again
 * and again unchanged (an event's details, a settings text, a daily note's parts). The answer
 * depends on the text alone, so it is never stale: a changed text is another key. A bounded
 * map, emptied when full. Answers are shared by every caller, so they are strings or frozen
 * (`frozen`): a caller that tried to change one would throw instead of changing it for others.
 */
export function byText<T>(compute: (text: string) => T, max: number): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let answer = known.get(text);
    if (answer === undefined) {
      answer = compute(text);
      if (known.size >= max) known.clear();
      known.set(text, answer);
    }
    return answer;
  };
}

/** The value with every object and array in it frozen (for answers `byText` shares). */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}
