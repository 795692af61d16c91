import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_RULE, TRAINING_TEXTS, trainingRule } from '#common/api/training.js';
import { checkForm, formOf, hasErrors, type RuleForm, ruleOf, sameForm } from './ruleForm';

const base = (): RuleForm => formOf(DEFAULT_TRAINING_RULE);

describe('the training rule form', () => {
  it('gives back the rule it was filled from', () => {
    expect(ruleOf(base())).toEqual(DEFAULT_TRAINING_RULE);
    expect(hasErrors(checkForm(base()))).toBe(false);
  });

  it('is unchanged when only the order of the days or spaces around numbers differ', () => {
    const f = base();
    expect(sameForm(f, { ...f, days: [...f.days].reverse(), sessions: ` ${f.sessions} ` })).toBe(true);
    expect(sameForm(f, { ...f, buffer: '15' })).toBe(false);
    expect(sameForm(f, { ...f, windows: [{ start: '06:30', end: '08:00' }] })).toBe(false);
  });

  it('says what the server says, next to the field it is about', () => {
    const e = checkForm({
      ...base(),
      days: [],
      minMinutes: '50',
      preferredMinutes: '40',
      windows: [
        { start: '14:00', end: '12:00' },
        { start: '', end: '09:00' },
      ],
    });
    expect(e.days).toBe(TRAINING_TEXTS.noDays);
    expect(e.minMinutes).toBe(TRAINING_TEXTS.minAbovePreferred);
    expect(e.window[0]).toEqual({ start: undefined, end: undefined, order: TRAINING_TEXTS.windowOrder });
    expect(e.window[1]?.start).toBe('Enter a start time.');
    expect(checkForm({ ...base(), windows: [] }).windows).toBe(TRAINING_TEXTS.noWindows);
  });

  it('asks for whole numbers in range', () => {
    expect(checkForm({ ...base(), sessions: '8' }).sessions).toBe('Enter a whole number from 1 to 7.');
    expect(checkForm({ ...base(), preferredMinutes: '181' }).preferredMinutes).toBe(
      'Enter a whole number of minutes from 10 to 180.',
    );
    expect(checkForm({ ...base(), minMinutes: '12.5' }).minMinutes).toBeDefined();
    expect(checkForm({ ...base(), buffer: '' }).buffer).toBe('Enter a whole number of minutes from 0 to 60.');
    expect(checkForm({ ...base(), buffer: '0' }).buffer).toBeUndefined();
  });

  it('refuses exactly what the schema refuses', () => {
    const variants: Array<Partial<RuleForm>> = [
      {},
      { sessions: '0' },
      { sessions: '7' },
      { minMinutes: '9' },
      { minMinutes: '10', preferredMinutes: '10' },
      { minMinutes: '30', preferredMinutes: '20' },
      { preferredMinutes: '180' },
      { buffer: '61' },
      { buffer: '60' },
      { days: [] },
      { days: [7] },
      { windows: [] },
      { windows: [{ start: '07:00', end: '07:00' }] },
      { windows: [{ start: '23:00', end: '23:59' }] },
      {
        windows: [
          { start: '06:00', end: '07:00' },
          { start: '08:00', end: '09:00' },
          { start: '10:00', end: '11:00' },
          { start: '12:00', end: '13:00' },
          { start: '14:00', end: '15:00' },
        ],
      },
    ];
    for (const v of variants) {
      const form = { ...base(), ...v };
      expect(hasErrors(checkForm(form)), JSON.stringify(v)).toBe(!trainingRule.safeParse(ruleOf(form)).success);
    }
  });
});
