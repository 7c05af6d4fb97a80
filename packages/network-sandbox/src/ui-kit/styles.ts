/// <reference lib="dom" />
// Styles shared by every element, inlined into each shadow root. Only logical properties
// (inline/block, start/end) are used so that right-to-left locales mirror without extra rules.
// Public design tokens (--src-*) come from the page (see src-ui-kit.css); each has a fallback.

export const BASE_CSS = `
:host { display: block; color-scheme: light; }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
.root {
  --_font: var(--src-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Arial, sans-serif);
  --_text: var(--src-color-text, #141413);
  --_muted: var(--src-color-text-muted, #5c5c5a);
  --_bg: var(--src-color-background, #ffffff);
  --_surface: var(--src-color-surface, #f6f6f4);
  --_border: var(--src-root-container-border-color, var(--src-color-border, #cfcfcb));
  --_accent: var(--src-color-accent, #cf4500);
  --_accent-text: var(--src-color-accent-text, #ffffff);
  --_focus: var(--src-color-focus, #0a66c2);
  --_error: var(--src-color-error, #b3261e);
  --_success: var(--src-color-success, #1e7b34);
  --_radius: var(--src-radius, 12px);
  font-family: var(--_font);
  font-size: var(--src-font-size, 16px);
  line-height: 1.45;
  color: var(--_text);
  background: var(--_bg);
  text-align: start;
}
.root.dark {
  color-scheme: dark;
  --_text: var(--src-dark-color-text, #f3f3f1);
  --_muted: var(--src-dark-color-text-muted, #b9b9b5);
  --_bg: var(--src-dark-color-background, #1b1b1d);
  --_surface: var(--src-dark-color-surface, #2a2a2d);
  --_border: var(--src-dark-root-container-border-color, var(--src-dark-color-border, #4a4a4f));
  --_accent: var(--src-dark-color-accent, #ff7a3d);
  --_accent-text: var(--src-dark-color-accent-text, #1b1b1d);
  --_focus: var(--src-dark-color-focus, #8ab4ff);
  --_error: var(--src-dark-color-error, #ffb4ab);
  --_success: var(--src-dark-color-success, #7bd88f);
}
.root.transparent { background: transparent; }
.panel {
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  padding-block: 20px;
  padding-inline: 20px;
}
.panel.overlay { box-shadow: 0 12px 40px rgb(0 0 0 / 0.22); }
.header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 12px; margin-block-end: 12px; }
.header h2 { flex: 1 0 auto; margin-block: 0; }
.header-marks { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
h2 { font-size: 1.2em; margin-block: 0 6px; font-weight: 650; }
p { margin-block: 0 10px; }
.muted { color: var(--_muted); font-size: 0.92em; }
.ltr { direction: ltr; unicode-bidi: isolate; }
.sr-only {
  position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: -1px; padding: 0; border: 0;
}
button, input { font: inherit; color: inherit; }
.btn {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-block-size: 44px; padding-inline: 20px; border-radius: 999px; border: 1px solid transparent;
  cursor: pointer; font-weight: 600;
}
.btn-primary { background: var(--_accent); color: var(--_accent-text); }
.btn-primary:disabled { opacity: 0.45; cursor: not-allowed; }
.btn-secondary { background: transparent; border-color: var(--_border); color: var(--_text); }
.link {
  background: none; border: none; padding-block: 4px; padding-inline: 0; color: var(--_focus);
  text-decoration: underline; cursor: pointer; min-block-size: 32px;
}
.link:disabled { color: var(--_muted); cursor: not-allowed; text-decoration: none; }
.icon-btn {
  inline-size: 36px; block-size: 36px; border-radius: 50%; border: none; background: transparent;
  cursor: pointer; display: inline-grid; place-items: center; color: var(--_text); font-size: 22px; line-height: 1;
}
:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.actions { display: flex; flex-wrap: wrap; gap: 10px; margin-block-start: 16px; align-items: center; }
.actions .grow { flex: 1 1 auto; }
.error { color: var(--_error); font-weight: 600; margin-block: 10px 0; min-block-size: 1.45em; }
.error:empty { display: none; }
.check { display: flex; gap: 10px; align-items: flex-start; margin-block: 12px 0; cursor: pointer; }
.check input { inline-size: 20px; block-size: 20px; margin: 0; margin-block-start: 2px; accent-color: var(--_accent); flex: none; }
.brand-mark { display: block; block-size: 26px; inline-size: auto; flex: none; }
.c2p-mark { display: block; block-size: 26px; inline-size: auto; }
.dark .c2p-tile { fill: #f3f3f1; }
.dark .c2p-chevron { stroke: #1a1f36; }
.spinner {
  display: inline-block; flex: none; inline-size: var(--_size, 32px); block-size: var(--_size, 32px); border-radius: 50%;
  border: calc(var(--_size, 32px) / 8) solid var(--_border); border-block-start-color: var(--_accent);
  animation: src-spin 0.8s linear infinite;
}
@keyframes src-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;
