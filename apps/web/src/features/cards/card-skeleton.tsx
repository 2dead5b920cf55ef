/**
 * A tile-shaped placeholder while cards load. The bars share one pulse animation rather
 * than one each: a grid of these started ~40 animations, each with its own
 * animationstart event, as the page began.
 */
export function CardSkeleton() {
  return (
    <div className="rounded-2xl border border-border bg-card p-4" aria-hidden="true">
      <div className="flex animate-pulse flex-col gap-4">
        <div className="aspect-[1.586] w-full rounded-2xl bg-muted" />
        <div className="h-5 w-3/4 rounded-md bg-muted" />
        <div className="h-4 w-1/2 rounded-md bg-muted" />
        <div className="space-y-2">
          <div className="h-3 w-full rounded-md bg-muted" />
          <div className="h-3 w-5/6 rounded-md bg-muted" />
          <div className="h-3 w-4/6 rounded-md bg-muted" />
        </div>
        <div className="h-10 w-full rounded-md bg-muted" />
      </div>
    </div>
  );
}
