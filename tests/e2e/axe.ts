import path from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "./support";

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** axe-core's violations on the page as it is now, one line per element at fault. */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(" ")} (${node.failureSummary.replace(/\s+/g, " ")})`),
  );
}
