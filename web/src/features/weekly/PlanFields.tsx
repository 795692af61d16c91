import { TextArea, TextField } from '../../ui';
import type { PlanForm } from './planForm';
import styles from './Weekly.module.css';

/** The plan's fields; read-only for a week that has ended. */
export function PlanFields({
  form,
  onChange,
  readOnly,
}: {
  form: PlanForm;
  onChange: (f: PlanForm) => void;
  readOnly: boolean;
}) {
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => onChange({ ...form, [key]: value });
  const text = (
    key: 'weekly_review' | 'weekly_intention' | 'constraints' | 'brain_dump' | 'content',
    label: string,
    hint: string,
    rows = 3,
  ) => (
    <TextArea
      label={label}
      hint={hint}
      rows={rows}
      value={form[key]}
      readOnly={readOnly}
      maxLength={20_000}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  return (
    <div className={styles.fields}>
      {text('weekly_review', 'Weekly review', 'How did last week go?', 4)}
      {text('weekly_intention', 'Weekly intention', 'One sentence for the week.', 2)}
      <fieldset className={styles.goals}>
        <legend>Meta goals</legend>
        {form.meta_goals.map((g, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: goals are fixed, numbered slots
            key={i}
            label={`Goal ${i + 1}`}
            value={g}
            readOnly={readOnly}
            maxLength={2000}
            onChange={(e) =>
              set(
                'meta_goals',
                form.meta_goals.map((x, j) => (j === i ? e.target.value : x)),
              )
            }
          />
        ))}
      </fieldset>
      {text('constraints', 'Constraints', 'Meetings, travel, deadlines, energy.')}
      {text('brain_dump', 'Brain dump', 'Everything on your mind.', 4)}
      {text('content', 'Additional thoughts', 'Anything else about the week.')}
    </div>
  );
}
