/// <reference lib="dom" />
import { SrcElement, CODE_SCREEN_ATTRIBUTES, esc, ltr } from './base.ts';
import type { SupportedValidationChannel } from './types.ts';

const CSS = `
.channels { border: 0; margin: 0; padding: 0; display: grid; gap: 8px; }
.channel {
  display: flex; align-items: center; gap: 12px; padding-block: 12px; padding-inline: 14px;
  border: 1px solid var(--_border); border-radius: 10px; cursor: pointer;
}
.channel:has(input:checked) { border-color: var(--_accent); box-shadow: inset 0 0 0 1px var(--_accent); }
.channel input { inline-size: 20px; block-size: 20px; margin: 0; accent-color: var(--_accent); flex: none; }
.channel .kind { font-weight: 600; }
.channel .value { display: block; color: var(--_muted); }
.actions .btn-primary { flex: 1 1 auto; }
`;

/** The network answers `SMS`; older shapes say `MOBILE_PHONE_NUMBER`. */
const SMS_TYPES = ['SMS', 'MOBILE_PHONE_NUMBER'];

/**
 * `<src-otp-channel-selection>`: where to send the one-time code, as a radio group.
 * Attributes: `type` ("overlay"), `display-cancel-option`, `display-header` (default shown),
 * `card-brands`, `locale`, `dark`, `display-continue-as-guest` (our addition).
 * Property: `identityValidationChannels` (the SDK's `supportedValidationChannels`).
 * Events: `selectChannel` (detail: `{ validationChannelId }`), `continue` (detail:
 * `{ validationChannelId, identityType }`, identityType "GUEST" for the guest button), `close`.
 */
export class SrcOtpChannelSelection extends SrcElement {
  static observedAttributes = [...CODE_SCREEN_ATTRIBUTES, 'display-continue-as-guest'];

  #channels: SupportedValidationChannel[] = [];
  #selectedId: string | null = null;

  override connectedCallback(): void {
    this.upgradeProperty('identityValidationChannels');
    super.connectedCallback();
  }

  get identityValidationChannels(): SupportedValidationChannel[] {
    return [...this.#channels];
  }
  set identityValidationChannels(channels: SupportedValidationChannel[] | null | undefined) {
    this.#channels = Array.isArray(channels)
      ? channels.filter((c) => c && typeof c.validationChannelId === 'string')
      : [];
    if (!this.#channels.some((c) => c.validationChannelId === this.#selectedId)) {
      this.#selectedId = this.#channels[0]?.validationChannelId ?? null;
    }
    if (this.ready) this.render();
  }

  /** The validationChannelId currently chosen (the first channel until the user picks one). */
  get selectedChannelId(): string | null {
    return this.#selectedId;
  }

  protected render(): void {
    const t = this.t;
    const overlay = this.getAttribute('type') === 'overlay';
    const hadFocus = this.root.activeElement !== null;
    const header = this.closableHeader();
    const options = this.#channels
      .map((channel, i) => {
        const kind = SMS_TYPES.includes(channel.identityType) ? t.channels.sms : t.channels.email;
        return (
          `<label class="channel"><input type="radio" name="channel" value="${esc(channel.validationChannelId)}" ` +
          `data-index="${i}"${channel.validationChannelId === this.#selectedId ? ' checked' : ''}>` +
          `<span><span class="kind">${esc(kind)}</span><span class="value">${ltr(channel.maskedValidationChannel ?? '')}</span></span></label>`
        );
      })
      .join('');
    const body =
      this.#channels.length > 0
        ? `<div class="channels" role="radiogroup" aria-labelledby="title">${options}</div>`
        : `<p class="muted">${esc(t.channels.empty)}</p>`;
    const guest = this.flag('display-continue-as-guest')
      ? `<button type="button" class="link" data-action="guest">${esc(t.channels.guest)}</button>`
      : '';
    const cancel = this.flag('display-cancel-option')
      ? `<button type="button" class="btn btn-secondary" data-action="cancel">${esc(t.cancel)}</button>`
      : '';
    this.paint(
      CSS,
      `<div class="panel${overlay ? ' overlay' : ''}"${overlay ? ' role="dialog" aria-modal="false" aria-labelledby="title"' : ''}>` +
        `${header}<h2 id="title">${esc(t.channels.title)}</h2>${body}` +
        `<div class="actions">${cancel}<button type="button" class="btn btn-primary" data-action="continue"` +
        `${this.#selectedId ? '' : ' disabled'}>${esc(t.continue)}</button></div>` +
        (guest ? `<div class="actions">${guest}</div>` : '') +
        '</div>',
    );

    for (const radio of this.$$<HTMLInputElement>('input[name="channel"]')) {
      radio.addEventListener('change', () => {
        if (!radio.checked) return;
        this.#selectedId = radio.value;
        const button = this.$<HTMLButtonElement>('[data-action="continue"]');
        if (button) button.disabled = false;
        this.emit('selectChannel', { validationChannelId: radio.value });
      });
    }
    this.$('[data-action="continue"]')?.addEventListener('click', () => {
      const channel = this.#channels.find((c) => c.validationChannelId === this.#selectedId);
      if (channel) {
        this.emit('continue', { validationChannelId: channel.validationChannelId, identityType: channel.identityType });
      }
    });
    this.$('[data-action="guest"]')?.addEventListener('click', () =>
      this.emit('continue', { validationChannelId: null, identityType: 'GUEST' }),
    );
    this.$('[data-action="cancel"]')?.addEventListener('click', () => this.emit('close', {}));
    this.$('[data-action="close"]')?.addEventListener('click', () => this.emit('close', {}));
    if (hadFocus) this.$<HTMLInputElement>('input[name="channel"]:checked')?.focus();
  }
}
