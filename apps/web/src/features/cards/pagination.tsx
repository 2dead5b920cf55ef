import { ChevronLeft, ChevronRight } from 'lucide-react';

interface Props {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageSize, count, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" /> Previous
      </button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page <span className="font-semibold text-foreground">{Math.min(page, pages)}</span> of {pages}
      </p>
      <button type="button" className="btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
