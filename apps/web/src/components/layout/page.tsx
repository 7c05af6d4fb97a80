import type { ReactNode } from 'react';

/** The main landmark of a page, with its one h1. */
export function Page({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={`main ${className ?? ''}`}>
      <h1 className="page-title">{title}</h1>
      {children}
    </main>
  );
}
