import { useEffect, useId, useRef } from 'react';

interface Choice {
  label: string;
  /** The button's look: `button--{kind}`. */
  kind: 'primary' | 'secondary' | 'danger';
  onClick(): void;
}

/**
 * A modal <dialog> that asks before something happens (focus kept inside): its title, its text, the
 * button that acts and the one that stays, which has the focus and which Escape presses.
 */
export function ConfirmDialog({
  className,
  title,
  text,
  act,
  stay,
  busy = false,
}: {
  className: string;
  title: string;
  text: string;
  act: Choice;
  stay: Choice;
  /** While the action runs, neither button (nor Escape) does anything. */
  busy?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const button = ({ label, kind, onClick }: Choice, focus = false) => (
    <button type="button" className={`button button--${kind}`} disabled={busy} onClick={onClick} autoFocus={focus}>
      {label}
    </button>
  );
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) stay.onClick();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className={`${className}__actions`}>
        {button(act)}
        {button(stay, true)}
      </div>
    </dialog>
  );
}
