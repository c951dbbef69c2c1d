import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource: string = require('axe-core').source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations (none is the bar). */
export const seriousViolations = async (page: Page, include?: string): Promise<string[]> => {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async (selector) =>
      (
        (await (
          window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
        ).axe.run(selector ? { include: [selector] } : document, {
          resultTypes: ['violations'],
        })) as { violations: AxeViolation[] }
      ).violations,
    include ?? null,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
};
