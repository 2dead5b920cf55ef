import { Award, Crown, Percent, Rocket, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';

const SHORTCUTS = [
  { to: '/cards/best_overall', label: 'Best overall', Icon: Award },
  { to: '/cards/premium_pick', label: 'Premium picks', Icon: Crown },
  { to: '/cards/top_cashback', label: 'Top cashback', Icon: Percent },
  { to: '/cards?tag=new_launch', label: 'New launches', Icon: Rocket },
  { to: '/cards?tag=high_approval_rate', label: 'High approval rate', Icon: ThumbsUp },
] as const;

/** Quick ways into the card list: the sections and the promoted tag filters of spec §2. */
export function BrowseShortcuts() {
  return (
    <nav aria-label="Browse cards by section" className="container-page pt-10">
      <ul className="flex flex-wrap gap-3">
        {SHORTCUTS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm font-medium shadow-sm transition hover:border-primary hover:text-primary touch:min-h-11"
            >
              <Icon className="size-4 text-primary" aria-hidden="true" /> {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
