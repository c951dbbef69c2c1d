import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource: string = require('axe-core').source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[];
}

/** A node's target, with the colours and ratio axe measured when the rule is about contrast. */
const describeNode = (node: AxeViolation['nodes'][number]): string => {
  const contrast = node.any.find((check) => check.data?.contrastRatio !== undefined)?.data;
  const target = node.target.join(' ');
  return contrast ? `${target} [${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}:1]` : target;
};

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
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map(describeNode).join(', ')})`,
    );
};
