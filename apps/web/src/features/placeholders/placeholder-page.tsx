import { ArrowRight, Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { PLACEHOLDERS, type PlaceholderId } from './placeholder-pages.ts';

/** A page whose feature comes in a later release: its title, its purpose, and a way on. */
export default function PlaceholderPage({ page }: { page: PlaceholderId }) {
  const info = PLACEHOLDERS[page];
  usePageTitle(info.title);
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <Hammer className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">{info.title}</h1>
        <p className="mt-3 text-base text-muted-foreground">{info.purpose}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          This page is being built and will be available in an upcoming release.
        </p>
        <Link to="/cards" className="btn-primary mt-8">
          Compare credit cards <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
