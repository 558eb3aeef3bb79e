import { mkdirSync } from "node:fs";
import path from "node:path";

/**
 * What a Docusaurus 3 site's node_modules holds beside it that the theme must not use: its own
 * mermaid (a stand-in that works: the real one is 3 MB), the React Router 5 @docusaurus/core
 * installs and the React 18 a site may pin (stand-ins that fail when loaded).
 */
export function installDocusaurusStandIns(site: { dir: string; write(file: string, text: string): void }): void {
  mkdirSync(path.join(site.dir, "node_modules/mermaid"), { recursive: true });
  site.write("node_modules/mermaid/package.json", JSON.stringify({ name: "mermaid", version: "11.4.0", type: "module", main: "index.js" }));
  site.write("node_modules/mermaid/index.js", `export default { initialize() {}, async render(id, text) { return { svg: "<svg id='" + id + "'>MERMAID_STAND_IN</svg>" }; } };\n`);
  mkdirSync(path.join(site.dir, "node_modules/react-router-dom"), { recursive: true });
  site.write("node_modules/react-router-dom/package.json", JSON.stringify({ name: "react-router-dom", version: "5.3.4", main: "index.js" }));
  site.write("node_modules/react-router-dom/index.js", `throw new Error("the site's React Router 5 was loaded to render a page");\n`);
  for (const [name, files] of [["react", ["index", "jsx-runtime", "jsx-dev-runtime"]], ["react-dom", ["index", "client", "server"]]] as const) {
    mkdirSync(path.join(site.dir, "node_modules", name), { recursive: true });
    site.write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: "18.3.1", main: "index.js" }));
    for (const file of files) site.write(`node_modules/${name}/${file}.js`, `throw new Error("the site's React 18 was loaded");\n`);
  }
}
