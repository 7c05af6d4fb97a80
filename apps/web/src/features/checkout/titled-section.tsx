import type { ReactNode } from 'react';

/** A part of the review or the receipt, named by its heading (the e2e specs find them by `id`). */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
