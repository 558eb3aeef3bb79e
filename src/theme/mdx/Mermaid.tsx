import { useEffect, useId, useState } from "react";
import { useColorMode } from "../../client/contexts/ColorModeContext";

type MermaidApi = { initialize(config: Record<string, unknown>): void; render(id: string, text: string): Promise<{ svg: string }> };

/**
 * `@theme/Mermaid` and ```mermaid fences. The server writes the diagram's
 * source; in the browser the mermaid library, a separate chunk loaded only
 * by pages with a diagram, replaces it with the SVG. A site without mermaid
 * installed keeps the source text. Drawing at build time is not done: mermaid
 * lays diagrams out by measuring text in a live DOM, so it would need a
 * headless browser in every build.
 */
export default function Mermaid({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const { mode } = useColorMode();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  useEffect(() => {
    let cancelled = false;
    import("virtual:graphile-docs/mermaid")
      .then(async (module: { default: MermaidApi | null }) => {
        const mermaid = module.default;
        if (!mermaid) return;
        mermaid.initialize({ startOnLoad: false, theme: mode === "dark" ? "dark" : "default" });
        const rendered = await mermaid.render(id, value);
        if (!cancelled) setSvg(rendered.svg);
      })
      .catch((error: unknown) => console.error(`Mermaid diagram could not be drawn: ${(error as Error).message}`));
    return () => {
      cancelled = true;
    };
  }, [value, mode, id]);
  if (svg) return <div className="docusaurus-mermaid-container" dangerouslySetInnerHTML={{ __html: svg }} />;
  return <pre className="docusaurus-mermaid-container mermaid">{value}</pre>;
}
