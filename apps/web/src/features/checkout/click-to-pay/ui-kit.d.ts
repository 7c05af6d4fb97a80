import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type KitElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  locale?: string;
  'card-brands'?: string;
  [attribute: `display-${string}`]: string | undefined;
  [attribute: `data-${string}`]: string | undefined;
};

// The network's UI kit custom elements (reference section 7), typed by the attributes we set.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'src-card-list': KitElement & { 'card-selection-type'?: string };
      'src-otp-input': KitElement & {
        'masked-identity-value'?: string;
        'network-id'?: string;
        'error-reason'?: string;
        'otp-resend-loading'?: string;
        'disable-elements'?: string;
        dark?: string;
      };
      'src-consent': KitElement;
      'src-mark': KitElement & { height?: string };
    }
  }
}
