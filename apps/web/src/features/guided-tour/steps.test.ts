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
});
