import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ruleResponse,
  sessionResponse,
  type TrainingRuleValue,
  type TrainingWeek,
  trainingRule,
  trainingWeek,
} from '#common/api/training.js';
import { get, post, put } from '../../api/client';
import { trainingKeys } from './keys';

export { trainingKeys };

const saveRuleResponse = z.object({ rule: trainingRule, week: trainingWeek });

export const useTrainingRule = () =>
  useQuery({
    queryKey: trainingKeys.rule,
    queryFn: async () => (await get('/training/rule', { schema: ruleResponse })).rule,
  });

/**
 * The week that holds `date` (the server plans it when it has not yet), read afresh each time a
 * screen shows it: a calendar refresh elsewhere may have moved a session meanwhile.
 */
export const useTrainingWeek = (date: string) =>
  useQuery({
    queryKey: trainingKeys.week(date),
    queryFn: () => get('/training/week', { schema: trainingWeek, query: { date } }),
    staleTime: 0,
  });

export const trainingApi = {
  saveRule: (rule: TrainingRuleValue) => put('/training/rule', rule, { schema: saveRuleResponse }),
  planWeek: (date: string) => post('/training/week/plan', { date }, { schema: trainingWeek }),
  move: (id: number, body: { date: string; start_time: string; minutes?: number }) =>
    post(`/training/sessions/${id}/move`, body, { schema: sessionResponse }),
  skip: (id: number) => post(`/training/sessions/${id}/skip`, undefined, { schema: sessionResponse }),
};

/**
 * After a change to the week: the week as the server answered is shown at once for `date`, and
 * every other view of the training week and the overview (its workout card names today's
 * session) is read again.
 */
export function weekChanged(qc: QueryClient, date: string, week?: TrainingWeek) {
  if (week) qc.setQueryData(trainingKeys.week(date), week);
  void qc.invalidateQueries({
    queryKey: trainingKeys.all,
    predicate: (q) => !(week && JSON.stringify(q.queryKey) === JSON.stringify(trainingKeys.week(date))),
  });
  void qc.invalidateQueries({ queryKey: ['dashboard'] });
}
