import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

const loaded = { count: 0 };
const Form = lazy(() => {
  loaded.count += 1;
  return Promise.resolve({ default: () => <form aria-label="newsletter" /> });
});

/** An IntersectionObserver the test moves: `show()` brings every observed box near the screen. */
class Observer {
  static last: Observer | undefined;
  observed: Element[] = [];
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    Observer.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  show() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(cleanup);

describe('forms below the fold', () => {
  it('load their code only once their box comes near the screen', async () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    loaded.count = 0;
    render(
      <WhenNear className="box">
        <Form />
      </WhenNear>,
    );

    expect(screen.queryByRole('form', { name: 'newsletter' })).toBeNull();
    expect(loaded.count).toBe(0);

    act(() => Observer.last?.show());
    expect(await screen.findByRole('form', { name: 'newsletter' })).toBeTruthy();
    expect(loaded.count).toBe(1);
  });
});
