import type { LucideIcon } from 'lucide-react';
import { Rocket, ThumbsUp } from 'lucide-react';

/** Spec §3 Promotion: id, title, description, icon, colours, and the action it runs. */
export interface Promotion {
  id: string;
  title: string;
  description: string;
  Icon: LucideIcon;
  /** Tailwind classes for the background and border colours. */
  tone: string;
  action: { to: string };
}

/** The bank of the card the approval-rate promotion names (spec §2: it names one card). */
const NAMED_CARD_BANK = 'hdfc';

/**
 * Spec §2: the promotions link to /cards?tag=new_launch and /cards?tag=high_approval_rate.
 * The approval-rate one names an HDFC Bank card; a partner whose bank list has no HDFC does
 * not offer that card, so there it names none. Until the bank list is known (null) it does: both
 * tenants seeded offer HDFC Bank cards, and a text that changed when the list arrived would move
 * the page under the reader.
 */
export function promotionsFor(bankCodes: readonly string[] | null): readonly Promotion[] {
  if (bankCodes === null || bankCodes.includes(NAMED_CARD_BANK)) return PROMOTIONS;
  return PROMOTIONS.map((p) =>
    p.id === 'high-approval'
      ? {
          ...p,
          description:
            'Entry-level, lifetime-free and low-income-bar cards. See every card that is easier to get.',
        }
      : p,
  );
}

export const PROMOTIONS: readonly Promotion[] = [
  {
    id: 'new-launches',
    title: 'New launches',
    description: 'Freshly launched credit cards, with their fees, reward rates and monthly caps checked.',
    Icon: Rocket,
    tone: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50',
    action: { to: '/cards?tag=new_launch' },
  },
  {
    id: 'high-approval',
    title: 'High approval rate',
    description:
      // The spec's promotion claims the rate; nothing in our research sources it, so the banner says
      // whose claim it is rather than stating it as our finding.
      'The Swiggy HDFC Bank Credit Card is promoted with a 90% approval rate (the promoter’s figure, not ours). See every card that is easier to get.',
    Icon: ThumbsUp,
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50',
    action: { to: '/cards?tag=high_approval_rate' },
  },
];

export const DISMISSED_KEY = 'cardwise:promotions:dismissed';

/** Spec §4: a dismissed promotion stays hidden for the browser session. */
export function readDismissed(): Set<string> {
  try {
    const raw = globalThis.sessionStorage?.getItem(DISMISSED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeDismissed(ids: ReadonlySet<string>): void {
  try {
    globalThis.sessionStorage?.setItem(DISMISSED_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage disabled: dismissal lasts for this page view.
  }
}
