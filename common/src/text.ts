/** A URL or path without the slashes it ends with (by a loop: a pattern like /\/+$/ backtracks). */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}
