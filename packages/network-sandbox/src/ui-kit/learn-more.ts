/// <reference lib="dom" />
import { SrcElement, COMMON_ATTRIBUTES, esc } from './base.ts';

const CSS = `
ul { margin-block: 8px 0; padding-inline-start: 1.2em; display: grid; gap: 6px; }
.actions .btn-primary { min-inline-size: 120px; }
`;

/**
 * `<src-learn-more>`: what Click to Pay is, in three points.
 * Attributes: `card-brands`, `display-ok-button` (an OK button that emits `close`), `locale`, `dark`.
 */
export class SrcLearnMore extends SrcElement {
  static observedAttributes = [...COMMON_ATTRIBUTES, 'card-brands', 'display-ok-button'];

  protected render(): void {
    const t = this.t;
    const ok = this.flag('display-ok-button')
      ? `<div class="actions"><button type="button" class="btn btn-primary" data-action="ok">${esc(t.learnMore.ok)}</button></div>`
      : '';
    this.paint(
      CSS,
      `<section class="panel" aria-labelledby="title"><div class="header"><h2 id="title">${esc(t.learnMore.title)}</h2>` +
        `${this.headerMarks()}</div>` +
        `<ul>${t.learnMore.points.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>${ok}</section>`,
    );
    this.$('[data-action="ok"]')?.addEventListener('click', () => this.emit('close', {}));
  }
}
