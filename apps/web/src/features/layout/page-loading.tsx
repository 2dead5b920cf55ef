/** Shown while a lazily loaded page module arrives: a quiet skeleton, never a blank page. */
export function PageLoading() {
  return (
    <div className="container-page py-10" aria-busy="true">
      <p className="sr-only" role="status">
        Loading page…
      </p>
      <div className="skeleton h-8 w-64" />
      <div className="skeleton mt-4 h-4 w-96 max-w-full" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <div className="skeleton h-48" />
        <div className="skeleton h-48" />
        <div className="skeleton h-48" />
      </div>
    </div>
  );
}
