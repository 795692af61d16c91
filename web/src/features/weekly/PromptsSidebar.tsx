import styles from './Weekly.module.css';

/** Questions that help fill each field (the spec's prompts sidebar; its wording is ours). */
const PROMPTS: Array<[string, string[]]> = [
  ['Weekly review', ['What went well last week?', 'What did not get done, and why?', 'What did you learn?']],
  ['Intention', ['How do you want to show up this week?', 'What would make this week feel good?']],
  [
    'Goals',
    ['Which three outcomes would make this week a success?', 'Is each goal in your control and done by Sunday?'],
  ],
  ['Constraints', ['Which meetings, travel or deadlines limit your time?', 'How is your energy?']],
  ['Brain dump', ['What is on your mind that is not captured anywhere?', 'Which open loops can you close or drop?']],
];

export function PromptsSidebar() {
  return (
    <div className={styles.prompts}>
      {PROMPTS.map(([title, questions]) => (
        <div key={title}>
          <h4>{title}</h4>
          <ul>
            {questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
