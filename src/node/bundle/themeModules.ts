import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { transformWithOxc, type Plugin } from "vite";
import { GENERATOR_DIR } from "../generatorDir";
import { exactId, idEndingWith } from "./hookFilters";
import { resolvedFile } from "./resolvedFile";

const THEME = path.join(GENERATOR_DIR, "src/theme");
const SOURCE_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mjs"];

/**
 * Our module for each `@theme/X` a Docusaurus site or page imports. A name
 * not listed falls back to src/theme/mdx/X (the MDX components).
 */
const THEME_MODULES: Record<string, string> = {
  MDXComponents: "mdx/components.tsx",
  DocCardList: "DocCardList/DocCardList.tsx",
  DocCategoryGeneratedIndexPage: "DocCategoryGeneratedIndexPage/DocCategoryGeneratedIndexPage.tsx",
  Layout: "pages/PageLayout.tsx",
  TOCInline: "docusaurus/theme/TOCInline.tsx",
  CodeInline: "docusaurus/theme/CodeInline.tsx",
};

/** The file at `base` with one of the source extensions, or its index file. */
function findSource(base: string): string | undefined {
  for (const candidate of [...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function ourThemeModule(name: string): string | undefined {
  const listed = THEME_MODULES[name];
  return listed ? path.join(THEME, listed) : findSource(path.join(THEME, "mdx", name));
}

const MERMAID = "virtual:graphile-docs/mermaid";
const RESOLVED_MERMAID = `\0${MERMAID}`;
const SVG_COMPONENT = "?svg-component";
/** The names resolveId below may answer for, as its hook filter (hookFilters.ts says why). */
const RESOLVED_BY_NAME = [/^!!raw-loader!/, exactId(MERMAID), /^@theme(-original|-init)?\//, /^@docusaurus\//, /\.svg$/, /\/mdx\/components(\.tsx)?$/];
const SVG_COMPONENT_FACTORY = path.join(THEME, "docusaurus/svgComponent.ts");

/** A component rendering the SVG inline: the file's attributes on <svg>, callers' props over them. */
function svgComponentModule(file: string): string {
  const text = readFileSync(file, "utf8");
  const match = /<svg\b([^>]*)>([\s\S]*)<\/svg>/i.exec(text);
  const attributes: Record<string, string> = {};
  for (const [, name, value] of (match?.[1] ?? "").matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) {
    if (name === "xmlns:xlink" || name === "class" || name === "style") continue;
    attributes[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return `import { svgComponent } from ${JSON.stringify(SVG_COMPONENT_FACTORY)};\nexport default svgComponent(${JSON.stringify(attributes)}, ${JSON.stringify(match?.[2] ?? "")});`;
}

/**
 * How Docusaurus module names resolve, whether or not Docusaurus is
 * installed in the site (https://docusaurus.io/docs/swizzling):
 * - `@theme/X`: the site's own src/theme/X (a swizzled component) if it has
 *   one, else ours; `@theme-original/X` and `@theme-init/X`: always ours;
 * - `@docusaurus/X`: our implementations in src/theme/docusaurus;
 * - our DocPage's MDX components map is the site's src/theme/MDXComponents
 *   when it has one, so components it registers are global in every page;
 * - `!!raw-loader!./file` (webpack syntax) is `./file?raw`;
 * - an .svg imported by a JS/TS module is a React component (Docusaurus' SVGR);
 *   Markdown image imports stay URLs.
 */
export function themeModulesPlugin(siteDir: string): Plugin {
  const siteTheme = path.join(siteDir, "src/theme");
  const ourMdxComponents = path.join(THEME, "mdx/components.tsx");
  return {
    name: "graphile-docs:theme-modules",
    enforce: "pre",
    resolveId: {
      filter: { id: RESOLVED_BY_NAME },
      async handler(source, importer) {
        if (source.startsWith("!!raw-loader!")) {
          const resolved = await this.resolve(source.slice("!!raw-loader!".length), importer, { skipSelf: true });
          return resolved ? `${resolved.id}?raw` : undefined;
        }
        if (source === MERMAID) {
          // The site's own mermaid when it has it installed; else diagrams stay as their source text.
          const found = await this.resolve("mermaid", path.join(siteDir, "package.json"), { skipSelf: true }).catch(() => null);
          return found ?? RESOLVED_MERMAID;
        }
        const theme = /^@theme(-original|-init)?\/(.+)$/.exec(source);
        if (theme) {
          const name = theme[2];
          const swizzled = theme[1] ? undefined : findSource(path.join(siteTheme, name));
          // A swizzled file importing @theme/X for itself would loop; it means ours.
          if (swizzled && importer !== swizzled) return resolvedFile(swizzled);
          const ours = ourThemeModule(name);
          return ours ? resolvedFile(ours) : null;
        }
        if (source.startsWith("@docusaurus/")) {
          const found = findSource(path.join(THEME, "docusaurus", source.slice("@docusaurus/".length)));
          return found ? resolvedFile(found) : undefined;
        }
        if (importer && importer.startsWith(siteDir) && /\.svg$/.test(source) && !/\.mdx?$/.test(importer.split("?")[0])) {
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          if (resolved && !resolved.id.includes("?")) return `${resolved.id}${SVG_COMPONENT}`;
        }
        if (importer && !importer.startsWith(siteTheme) && (source.endsWith("/mdx/components") || source.endsWith("/mdx/components.tsx"))) {
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          const swizzled = findSource(path.join(siteTheme, "MDXComponents"));
          if (resolved?.id === ourMdxComponents && swizzled) return resolvedFile(swizzled);
        }
        return undefined;
      },
    },
    load: {
      filter: { id: [exactId(RESOLVED_MERMAID), idEndingWith(SVG_COMPONENT)] },
      handler(id) {
        if (id === RESOLVED_MERMAID) return "export default null;";
        if (id.endsWith(SVG_COMPONENT)) return svgComponentModule(id.slice(0, -SVG_COMPONENT.length));
        return undefined;
      },
    },
  };
}

/** Docusaurus sites write JSX in .js files (webpack's babel allowed it); compile the site's own .js as JSX. */
export function jsxInJsPlugin(siteDir: string): Plugin {
  return {
    name: "graphile-docs:jsx-in-js",
    enforce: "pre",
    transform: {
      filter: { id: { include: /\.js(\?|$)/, exclude: /\/node_modules\// } },
      async handler(code, id) {
        const file = id.split("?")[0];
        if (!file.endsWith(".js") || !file.startsWith(siteDir) || file.includes("/node_modules/") || !/<[A-Za-z>]/.test(code)) return undefined;
        const result = await transformWithOxc(code, file, { lang: "jsx", jsx: { runtime: "automatic" } });
        return { code: result.code, map: result.map };
      },
    },
  };
}
