import { describe, expect, it } from 'vitest';
import { weekState } from '#common/weekRules.js';
import { weekInfo } from './rules.js';

describe('weekInfo', () => {
  it('reports the shared week rules, in each zone and across a daylight-saving change', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const t0 = Date.parse('2026-03-19T00:00:00Z');
    for (const zone of zones) {
      for (const date of ['2026-03-16', '2026-03-22', '2026-03-23', '2026-03-29']) {
        // Every three hours over twelve days: before, during and after the week's Friday and Sunday.
        for (let i = 0; i < 96; i++) {
          const now = t0 + i * 3 * 3_600_000;
          const s = weekState(date, zone, now);
          expect(weekInfo(date, zone, now)).toEqual({
            week: s.week,
            editable: s.editable,
            can_create_next: s.canCreateNext,
            next_week: s.nextWeek,
            editable_until: s.editableUntil,
          });
        }
      }
    }
  });
});
