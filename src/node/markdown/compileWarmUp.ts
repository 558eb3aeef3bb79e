import os from "node:os";
import path from "node:path";
import { compileMarkdown } from "./compile";

/**
 * A compile thread waits about 0.2 s for its first page while the build loads the site, and its
 * first compile then runs through code V8 has not optimised yet (about 0.3 s for one page, against
 * 0.05 s later). Compiling this page in that wait moves the warm-up off the critical path: a
 * one-page rebuild's single compile is a warm one. It uses the features most pages do: headings,
 * inline marks, links, lists, a table, an admonition, JSX, and highlighted JavaScript and shell.
 * Its code avoids the grammar parts Prism fills in on first use (a template literal's `${}`, CSS's
 * at-rules): a language the site adds later (flow, scss) copies the grammar it extends as it is
 * then, so a warmed thread would highlight those languages differently from a fresh one.
 */
const WARM_UP_PAGE = `# Reading a page

Some **strong**, _emphasised_ and \`inline\` text, with [a link](https://example.org/guide#setup "Guide").

## A list and a table

- one item
- another, with \`code\`
  1. nested

| Name | Value |
| ---- | ----: |
| a    |     1 |

:::tip[Remember]

An admonition with a [relative link](/docs/intro).

:::

<details>
  <summary>More</summary>

  Hidden text.
</details>

\`\`\`js title="example.js" {2}
import { sql } from "pg-sql2";
const query = sql\`select 1 as one\`;
console.log(sql.compile(query).text);
\`\`\`

\`\`\`bash
npm install pg-sql2
\`\`\`
`;

/** Compiles WARM_UP_PAGE and drops the result; reads no site, writes nothing but the shared code-theme stylesheet cache. */
export async function warmUpCompile(): Promise<void> {
  const siteDir = path.join(os.tmpdir(), "graphile-docs-compile-warm-up");
  await compileMarkdown({
    file: path.join(siteDir, "docs/warm-up.md"),
    body: WARM_UP_PAGE,
    frontMatter: {},
    routeOfSource: () => "/docs/warm-up",
    additionalLanguages: [],
    prismThemes: {},
    siteDir,
    site: { url: "https://example.org", baseUrl: "/" },
    development: false,
    deferHtml: true,
  });
}
