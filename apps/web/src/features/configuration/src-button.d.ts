import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// The UI kit's Click to Pay button (reference section 7), typed by the attributes we set.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'src-button': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'card-brands'?: string;
        locale?: string;
        theme?: string;
      };
    }
  }
}
