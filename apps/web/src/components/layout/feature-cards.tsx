/** Cards side by side, as many as fit in a row, each a title and a line of text (what a demo brings). */
export function FeatureCards({ cards }: { cards: readonly { title: string; text: string }[] }) {
  return (
    <div className="feature-cards">
      {cards.map(({ title, text }) => (
        <article key={title} className="feature-card">
          <h3>{title}</h3>
          <p>{text}</p>
        </article>
      ))}
    </div>
  );
}
