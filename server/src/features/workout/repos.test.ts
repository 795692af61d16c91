import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, userIdOf } from '../../test/harness.js';
import { addUser } from '../users/service.js';
import { deleteLog, getLogByDate, listLogs, saveLog } from './logsRepo.js';
import { deletePlan, getLatestPlan, getPlanByDate, listPlans, savePlan } from './plansRepo.js';

let h: Harness;
let alice: number;
let bob: number;
beforeAll(async () => {
  h = await createHarness();
  const idOf = async (name: string) => {
    await addUser(h.ctx.db, name, 'correct horse battery', false);
    return userIdOf(h, name);
  };
  alice = await idOf('repo-alice');
  bob = await idOf('repo-bob');
});
afterAll(() => h.close());

const plan = (date: string, uuid: string) => ({
  date,
  plan: JSON.stringify({ uuid, title: date }),
  plan_uuid: uuid,
  focus: 'legs',
  intensity: 'moderate',
  source: 'planner',
});

describe('workout repos', () => {
  it('keeps one plan per user and date, newest first, and finds today else the latest', async () => {
    await savePlan(h.ctx.db, alice, plan('2026-01-01', 'a1'));
    await savePlan(h.ctx.db, alice, plan('2026-01-03', 'a3'));
    const again = await savePlan(h.ctx.db, alice, plan('2026-01-01', 'a1b'));
    expect(again.replacedUuid).toBe('a1');
    await savePlan(h.ctx.db, bob, plan('2026-01-05', 'b5'));
    const list = await listPlans(h.ctx.db, alice, { limit: 10 });
    expect(list.map((p) => [p.date, p.plan_uuid])).toEqual([
      ['2026-01-03', 'a3'],
      ['2026-01-01', 'a1b'],
    ]);
    expect((await getPlanByDate(h.ctx.db, alice, '2026-01-01'))?.plan_uuid).toBe('a1b');
    expect((await getLatestPlan(h.ctx.db, alice, '2026-01-01'))?.plan_uuid).toBe('a1b');
    expect((await getLatestPlan(h.ctx.db, alice, '2026-02-01'))?.plan_uuid).toBe('a3');
    const bobs = (await listPlans(h.ctx.db, bob, { limit: 1 }))[0];
    expect(await deletePlan(h.ctx.db, alice, bobs?.id as number)).toBeUndefined();
    expect(await deletePlan(h.ctx.db, bob, bobs?.id as number)).toEqual({ planUuid: 'b5' });
  });

  it('keeps one log per user and date; saving again updates it', async () => {
    const first = await saveLog(h.ctx.db, alice, {
      date: '2026-01-02',
      entry: 'ran',
      workout_completion: null,
      workout_skipped: 0,
    });
    const second = await saveLog(h.ctx.db, alice, {
      date: '2026-01-02',
      entry: 'skipped after all',
      workout_completion: null,
      workout_skipped: 1,
    });
    expect(second.id).toBe(first.id);
    expect(await getLogByDate(h.ctx.db, alice, '2026-01-02')).toMatchObject({ entry: 'skipped after all' });
    expect(await listLogs(h.ctx.db, bob, { limit: 10 })).toEqual([]);
    expect(await deleteLog(h.ctx.db, bob, first.id)).toBe(false);
    expect(await deleteLog(h.ctx.db, alice, first.id)).toBe(true);
  });
});
