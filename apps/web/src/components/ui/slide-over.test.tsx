// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SlideOver } from './slide-over';
import { initTestI18n } from '../../features/account/test-utils';

beforeAll(initTestI18n);
afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?(): void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#outside">Outside</a>
      {open && (
        <SlideOver title="Panel title" onClose={close}>
          <label>
            First <input />
          </label>
          <button type="button" disabled>
            Disabled
          </button>
          <div hidden>
            <button type="button">Hidden</button>
          </div>
          <button type="button">Last</button>
        </SlideOver>
      )}
    </>
  );
}

function openPanel(onClose?: () => void) {
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('slide-over dialog', () => {
  it('is a modal dialog labelled by its heading, and focus moves to its first field', () => {
    openPanel();
    const dialog = screen.getByRole('dialog', { name: 'Panel title' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First' }));
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    const opener = openPanel(onClose);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'First' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the backdrop and from the close button, which has an accessible name', () => {
    const onClose = vi.fn();
    openPanel(onClose);
    fireEvent.click(screen.getByTestId('slide-over-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps Tab and Shift+Tab inside, skipping disabled and hidden controls', () => {
    openPanel();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last' });

    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('pulls focus back in when it lands outside', () => {
    openPanel();
    act(() => screen.getByRole('link', { name: 'Outside', hidden: true }).focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
