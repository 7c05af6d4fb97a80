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

describe('the agent tour’s steps (issue 39)', () => {
  it('run each experience on its own page, from linking the card to End demo', () => {
    const keys = (experience: 1 | 2) => stepsOf('agent', experience).map((step) => step.key);
    expect(keys(1)).toEqual([
      'AGENT_LINK',
      'AGENT_CONSENT',
      'AGENT_BUY',
      'AGENT_APPROVE',
      'AGENT_CREDENTIALS',
      'AGENT_COMPLETE',
      'AGENT_END',
    ]);
    expect(keys(2)).toEqual([
      'AGENT_LINK',
      'AGENT_CONSENT',
      'AGENT_OPEN_MANDATE',
      'AGENT_APPROVE_OPEN',
      'AGENT_BUY_WITHIN',
      'AGENT_BUY_OUTSIDE',
      'AGENT_MANAGE',
      'AGENT_REVOKE',
      'AGENT_AFTER_REVOKE',
      'AGENT_END',
    ]);
    expect(new Set(stepsOf('agent', 1).map((step) => step.path))).toEqual(new Set(['/demo/guided-tour/agent/steps']));
    expect(new Set(stepsOf('agent', 2).map((step) => step.path))).toEqual(
      new Set(['/demo/guided-tour/agent/autonomous/steps']),
    );
  });

  it('has no target while its button is busy (disabled), and presses it once enabled', async () => {
    const link = stepsOf('agent', 1)[0]!;
    const button = document.createElement('button');
    button.dataset.tour = 'agent-link';
    button.disabled = true;
    document.body.append(button);
    expect(link.target()).toBeNull();
    button.disabled = false;
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    await link.perform(link.target()!);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("points at the network's window and answers it with its virtual passkey once the window takes answers", async () => {
    const approve = stepsOf('agent', 1)[3]!;
    expect(approve.key).toBe('AGENT_APPROVE');
    const sheet = document.createElement('div');
    sheet.className = 'agent-window__sheet';
    const yes = document.createElement('button');
    yes.dataset.tour = 'agent-window-yes';
    yes.disabled = true;
    const pressed = vi.fn();
    yes.addEventListener('click', pressed);
    sheet.append(yes);
    document.body.append(sheet);
    // The hint stands by the whole window, leaving the cart it shows uncovered.
    expect(approve.target()).toBe(sheet);
    const performing = approve.perform(sheet);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(pressed).not.toHaveBeenCalled();
    yes.disabled = false;
    await performing;
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});
