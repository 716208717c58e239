/**
 * Pages the server renders (the home page, the directory, an expert's page, the blog list and a post:
 * `query-api/src/pages`) arrive with their content in `#root`, marked
 * `data-ssr="{kind}"`. That content stays on screen, in a sibling, while
 * the SPA renders into the hidden `#root`; once the SPA's own page shows
 * what the server's did (or after `timeoutMs`), the server's copy goes.
 * So the content paints with the HTML and never flashes to a spinner.
 */

/** What tells that the SPA's page of each kind is ready. */
const READY: Record<string, string> = {
  home: 'main h1',
  expert: 'main h1',
  directory: '#experts-results article, #experts-results .card',
  'blog-list': 'main article h2, main h1 ~ p',
  'blog-post': 'main article h1',
};

export function keepServerPageUntilReady(root: HTMLElement, timeoutMs = 4000) {
  const kind = root.dataset.ssr;
  if (!kind) return;
  const server = document.createElement('div');
  server.id = 'server-page';
  server.append(...Array.from(root.childNodes));
  root.before(server);
  root.removeAttribute('data-ssr');
  // Not `hidden`: the stylesheet's `#root { display: flex }` would win over it.
  root.style.display = 'none';
  const selector = READY[kind] ?? 'main h1';
  let timer = 0;
  const observer = new MutationObserver(() => {
    if (root.querySelector(selector)) reveal();
  });
  function reveal() {
    observer.disconnect();
    window.clearTimeout(timer);
    server.remove();
    root.style.removeProperty('display');
  }
  observer.observe(root, { childList: true, subtree: true });
  timer = window.setTimeout(reveal, timeoutMs);
}
