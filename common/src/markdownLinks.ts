/** Markdown links in replies may only use these protocols (part 2 §5). */
export const ALLOWED_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/** The URL if its protocol is allowed, else undefined (the link is then shown as plain text). */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:').
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  let parsed: URL;
  try {
    parsed = new URL(cleaned);
  } catch {
    return undefined;
  }
  return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(parsed.protocol.toLowerCase()) ? cleaned : undefined;
}
