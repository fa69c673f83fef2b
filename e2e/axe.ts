import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * axe-core run inside the page (injected once per document), not through AxeBuilder, which
 * injects and reports per frame on every call: about five times faster here, with the same rules.
 * The apps have no frames, so nothing AxeBuilder would add is left out.
 */

const requerir = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE = readFileSync(requerir.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violacion {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's violations on the page as it is now; `target-size` (WCAG 2.2, off by default in axe) is checked too. */
export async function violacionesAxe(page: Page): Promise<Violacion[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violacion[] }> } }).axe
      .run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
      .then((r) =>
        r.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
        })),
      ),
  );
}
