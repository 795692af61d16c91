import type { CalendarProvider } from '#common/api/calendar.js';
import { caldavProvider } from './caldav.js';
import { googleProvider } from './google.js';
import { icsProvider } from './ics.js';
import type { CalendarProviderImpl } from './types.js';

/** Every calendar provider. A new one adds one line here. */
const providers: CalendarProviderImpl[] = [googleProvider, caldavProvider, icsProvider];

export function providerOf(name: string): CalendarProviderImpl {
  const p = providers.find((x) => x.name === (name as CalendarProvider));
  if (!p) throw new Error(`Unknown calendar provider ${name}`);
  return p;
}
