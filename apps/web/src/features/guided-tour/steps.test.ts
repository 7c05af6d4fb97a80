import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepsOf } from './steps';

afterEach(() => document.body.replaceChildren());

describe('the hint pressing a step', () => {
  it('waits for a disabled button (Add to cart while the products load) and presses it once enabled', async () => {
    const addToCart = stepsOf('c2p', 1)[0]!;
    const button = document.createElement('button');
    button.dataset.tour = 'add-to-cart';
    button.disabled = true;
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    document.body.append(button);

    const performing = addToCart.perform(addToCart.target()!);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(pressed).not.toHaveBeenCalled();
    button.disabled = false;
    await performing;
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("waits for the network window's Continue, which comes with the network's answer, and presses it", async () => {
    vi.useFakeTimers();
    try {
      const confirm = stepsOf('c2p', 3)[7]!;
      expect(confirm.key).toBe('CONFIRM');
      const sheet = document.createElement('div');
      sheet.className = 'tour-dcf__sheet';
      const frame = document.createElement('iframe');
      sheet.append(frame);
      document.body.append(sheet);

      const performing = confirm.perform(confirm.target()!);
      // The window opens as the call goes out; the network answers 8 s later (the hint once gave up at 5 s).
      await vi.advanceTimersByTimeAsync(8_000);
      const continueButton = frame.contentDocument!.createElement('button');
      continueButton.id = 'mock-dcf-continue';
      const pressed = vi.fn();
      continueButton.addEventListener('click', pressed);
      frame.contentDocument!.body.append(continueButton);
      await vi.advanceTimersByTimeAsync(100);
      await performing;
      expect(pressed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
