import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepServerPageUntilReady } from './server-page';

const serverRoot = (kind: string) => {
  document.body.innerHTML = `<div id="root" data-ssr="${kind}"><main class="ssr-main"><h1>Inès Morel</h1></main></div>`;
  return document.getElementById('root') as HTMLElement;
};

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a page the server rendered', () => {
  it('stays on screen until the SPA shows its own page, then gives way', async () => {
    const root = serverRoot('expert');
    keepServerPageUntilReady(root);
    const server = document.getElementById('server-page');
    expect(server?.textContent).toBe('Inès Morel');
    expect(root.style.display).toBe('none');
    expect(root.childNodes).toHaveLength(0);

    // The SPA's layout first, its page a moment later.
    root.innerHTML = '<header>Equilibre</header><main><p>…</p></main>';
    await Promise.resolve();
    expect(document.getElementById('server-page')).not.toBeNull();
    root.querySelector('main')?.insertAdjacentHTML('beforeend', '<h1>Inès Morel</h1>');
    await Promise.resolve();
    expect(document.getElementById('server-page')).toBeNull();
    expect(root.style.display).toBe('');
  });

  it('gives way after a while even if the SPA never shows it', () => {
    vi.useFakeTimers();
    const root = serverRoot('blog-post');
    keepServerPageUntilReady(root, 1000);
    vi.advanceTimersByTime(999);
    expect(root.style.display).toBe('none');
    vi.advanceTimersByTime(1);
    expect(root.style.display).toBe('');
    expect(document.getElementById('server-page')).toBeNull();
  });

  it('leaves every other page alone', () => {
    document.body.innerHTML = '<div id="root"><div class="boot">Equilibre</div></div>';
    const root = document.getElementById('root') as HTMLElement;
    keepServerPageUntilReady(root);
    expect(root.style.display).toBe('');
    expect(root.textContent).toBe('Equilibre');
  });
});
