// axe-core (through @axe-core/playwright) on the page as it is now.
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';

/** Every violation axe finds on `page`, one line each: rule, impact, help and the elements. */
export const axeViolations = async (page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
};

/** Fails with axe's findings unless the page has none; `what` names the page and its width. */
export const assertAccessible = async (page, what = page.url()) => {
  assert.deepEqual(await axeViolations(page), [], `axe: ${what}`);
};
