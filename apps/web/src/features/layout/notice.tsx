import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes } from 'react';

export type NoticeTone = 'muted' | 'warning' | 'error';

const TONES: Record<NoticeTone, string> = {
  muted: 'border-border bg-muted text-foreground',
  warning:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
  error: 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
};

interface NoticeProps extends HTMLAttributes<HTMLElement> {
  /** muted: a word on the page's state; warning: something that may go wrong; error: it did. */
  tone?: NoticeTone;
  /** A `p` for a sentence; a `div` when it holds blocks (paragraphs, a button beside the text). */
  as?: 'p' | 'div';
  /** Drawn before the text, which then wraps beside it rather than under it. */
  icon?: LucideIcon;
  iconClassName?: string;
  /**
   * Its margins and the layout of what it holds. Not a padding, colour or text size: nothing
   * merges classes here, so a second one would fight the box's own by stylesheet order.
   */
  className?: string;
}

/**
 * The page's small boxed notice, one look for every use (role, aria and test ids are the
 * caller's: a status that appears is announced, a note that is there from the start is not).
 */
export function Notice({
  tone = 'muted',
  as: Tag = 'p',
  icon: Icon,
  iconClassName,
  className,
  children,
  ...rest
}: NoticeProps) {
  const classes = [
    'rounded-lg border px-3 py-2.5 text-sm',
    TONES[tone],
    Icon ? 'flex items-start gap-2' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  if (!Icon)
    return (
      <Tag className={classes} {...rest}>
        {children}
      </Tag>
    );
  // The text in one box of its own, so its words and links flow as one line beside the icon.
  const Text = Tag === 'p' ? 'span' : 'div';
  return (
    <Tag className={classes} {...rest}>
      <Icon
        className={['mt-0.5 size-4 shrink-0', iconClassName].filter(Boolean).join(' ')}
        aria-hidden="true"
      />
      <Text>{children}</Text>
    </Tag>
  );
}
