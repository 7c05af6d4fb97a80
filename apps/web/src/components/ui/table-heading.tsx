/** A table's caption (for screen readers only) and its row of column headings. */
export function TableHeading({
  caption,
  columns,
}: {
  caption: string;
  columns: readonly { label: string; className?: string }[];
}) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map(({ label, className }) => (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
