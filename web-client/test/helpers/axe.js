// axe-core (pinned in package.json, read from node_modules: never from a CDN) run on the
// page as it is; returns one line per violation and element, empty when there is none.
import { fileURLToPath } from 'node:url';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

export async function axeViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // The page at rest: a taken trick sliding away fades out on purpose (and is hidden from
    // readers); half-way, its faint corners are no text to read. End every animation first.
    for (const a of document.getAnimations()) {
      try {
        a.finish();
      } catch {
        // an endless animation (a spinner) cannot finish; it stays as it is
      }
    }
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n}`));
}
