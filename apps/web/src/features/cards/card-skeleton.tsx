/** A tile-shaped placeholder while cards load. */
export function CardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4" aria-hidden="true">
      <div className="skeleton aspect-[1.586] w-full rounded-2xl" />
      <div className="skeleton h-5 w-3/4" />
      <div className="skeleton h-4 w-1/2" />
      <div className="space-y-2">
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-5/6" />
        <div className="skeleton h-3 w-4/6" />
      </div>
      <div className="skeleton h-10 w-full" />
    </div>
  );
}
