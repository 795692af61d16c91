/** Colours for calendars that name none, in the order calendars are found. */
const PALETTE = ['#4285f4', '#0b8043', '#d50000', '#f4511e', '#8e24aa', '#039be5', '#e67c73', '#33b679'];

export const paletteColor = (index: number) => PALETTE[index % PALETTE.length] as string;

/** '#rrggbb' from CalDAV's '#rrggbbaa' or '#rgb'; null when it is not a colour. */
export function normalizeColor(value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(v)) return v.slice(0, 7);
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return null;
}

/** Black or white text, whichever reads better on the background (WCAG relative luminance). */
export function textColorOn(background: string): string {
  const hex = background.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return l > 0.179 ? '#000000' : '#ffffff';
}
