import { useId, useState } from 'react';

/**
 * A part that a button shows and hides: spread `toggle` on the button (aria-expanded, aria-controls,
 * the click) and `part` on what it shows (its id, hidden while closed).
 */
export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return {
    open,
    toggle: { 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((current) => !current) },
    part: { id, hidden: !open },
  };
}
