import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { base, earn, excludeCategories } from '../seed/lib/card-def.ts';
import { placeRuleNotes } from '../seed/lib/rule-notes.ts';

const RULES = [
  base(0.01, '1% cashback on other spends'),
  earn({ platform_name: ['swiggy'] }, 0.1, '10% on Swiggy'),
  earn({ mode: ['online'] }, 0.05, '5% on online shopping'),
  excludeCategories(['fuel']),
];
const note = (text: string) => ({ field: 'rules', note: text });

describe('the demo build files each note on the earn rates under the rules it concerns', () => {
  it('writes the index of each rule a note names by a piece of its rule’s note', () => {
    const problems: string[] = [];
    const placed = placeRuleNotes(
      { id: 'card', autoRules: [{ quote: 'Reported as "5%', rule: ['5% on online', '10% on Swiggy'] }] },
      RULES,
      [{ ...note('The 1% is unconfirmed.'), rule: '1% cashback' }, note('Exclusions not confirmed.')],
      [note('Reported as "5% online (unconfirmed)".'), note('Reported as "4% at partners (unconfirmed)".')],
      problems,
    );
    expect(problems).toEqual([]);
    expect(placed.hand.map((u) => u.field)).toEqual(['rules.0', 'rules']);
    // The `rule` key is the build's, not the catalogue's.
    expect(placed.hand[0]).toEqual({ field: 'rules.0', note: 'The 1% is unconfirmed.' });
    expect(placed.auto.map((u) => u.field)).toEqual(['rules.1,2', 'rules']);
  });

  it('files a note on a rate we do not count apart from the rules', () => {
    const placed = placeRuleNotes(
      { id: 'card', autoRules: [{ quote: '4% at partners', uncounted: true }] },
      RULES,
      [],
      [note('Reported as "4% at partners (unconfirmed)".')],
      [],
    );
    expect(placed.auto).toEqual([
      { field: UNCOUNTED_RATES_FIELD, note: 'Reported as "4% at partners (unconfirmed)".' },
    ]);
  });

  it('fails when a rule was edited away, or a quote finds no note or two, rather than guess', () => {
    const problems: string[] = [];
    placeRuleNotes(
      {
        id: 'card',
        autoRules: [
          { quote: 'Reported as', rule: '1% cashback' },
          { quote: 'not in any note', uncounted: true },
        ],
      },
      RULES,
      [{ ...note('The 2% is unconfirmed.'), rule: '2% on dining' }],
      [note('Reported as "a".'), note('Reported as "b".')],
      problems,
    );
    expect(problems).toEqual([
      "card: an uncertain note names a rule by '2% on dining', which no rule's note contains",
      "card: autoRules quote 'Reported as' matches 2 automatic notes on its rules, not one",
      "card: autoRules quote 'not in any note' matches 0 automatic notes on its rules, not one",
    ]);
  });
});
