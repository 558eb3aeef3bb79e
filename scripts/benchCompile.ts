import path from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATOR_DIR } from "../src/node/generatorDir";
import { compileMarkdown } from "../src/node/markdown/compile";

const SAMPLES: [string, string][] = [
  ["ts", 'import { sql } from "pg-sql2";\n\nexport function byId(id: number) {\n  // highlight-next-line\n  const query = sql`select * from users where id = ${sql.value(id)}`;\n  return sql.compile(query);\n}'],
  ["js", 'const preset = {\n  extends: [BasePreset],\n  plugins: [MyPlugin],\n  grafast: { explain: true },\n};\nexport default preset;'],
  ["sql", "select u.id, u.username, count(p.id) as posts\nfrom app_public.users u\nleft join app_public.posts p on p.author_id = u.id\nwhere u.is_admin = false\ngroup by u.id\norder by posts desc\nlimit 10;"],
  ["tsx", 'export function Card({ title, children }: { title: string; children: React.ReactNode }) {\n  return (\n    <section className="card">\n      <h2>{title}</h2>\n      {children}\n    </section>\n  );\n}'],
  ["bash", "npm install --save pg-sql2 tamedevil\nnpx graphile config print | grep -i plugins\nexport GRAPHILE_ENV=development"],
  ["json", '{\n  "name": "example",\n  "version": "1.0.0",\n  "dependencies": { "pg-sql2": "^5.0.0" },\n  "private": true\n}'],
  ["yaml", "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test"],
  ["python", "def fib(n: int) -> int:\n    # highlight-next-line\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a"],
  ["graphql", "query UserPosts($id: Int!) {\n  user(id: $id) {\n    username\n    posts(first: 10) { nodes { title createdAt } }\n  }\n}"],
  ["js", 'import te from "tamedevil";\nconst key = "user";\n// highlight-start\nconst fn = te.run`return function (obj) { return obj${te.get(key)}; }`;\n// highlight-end\nconsole.log(fn({ user: 1 }));'],
];

/** A representative docs page: prose, headings, an admonition and ten highlighted code blocks. */
export function benchPage(): string {
  const parts = ["# Benchmark page", "", "Some introductory prose with `inline code` and a [link](#section-1).", ""];
  SAMPLES.forEach(([language, code], index) => {
    parts.push(`## Section ${index + 1}`, "", `Paragraph ${index + 1} explains the example below in a sentence or two.`, "");
    parts.push(`\`\`\`${language} title="example-${index + 1}.${language}"${index % 3 === 0 ? " showLineNumbers" : ""}`, code, "```", "");
  });
  parts.push(":::tip[Remember]", "Admonitions and **Markdown** inside them.", ":::", "");
  return parts.join("\n");
}

/**
 * Compile time of one docs page with ten highlighted code blocks, averaged
 * over repeated compiles after a warm-up (the first compile loads Prism's
 * grammars and the MDX toolchain).
 */
export async function benchCompile(options: { iterations?: number; warmup?: number } = {}): Promise<{ msPerPage: number }> {
  const iterations = options.iterations ?? 30;
  const warmup = options.warmup ?? 5;
  const body = benchPage();
  const file = path.join(GENERATOR_DIR, ".cache", "bench", "page.md");
  const compileOnce = () =>
    compileMarkdown({
      file,
      body,
      frontMatter: {},
      routeOfSource: () => undefined,
      additionalLanguages: ["diff"],
      development: false,
      prismThemes: { theme: "github", darkTheme: "dracula" },
    });
  for (let index = 0; index < warmup; index++) await compileOnce();
  const start = performance.now();
  for (let index = 0; index < iterations; index++) await compileOnce();
  const msPerPage = (performance.now() - start) / iterations;
  return { msPerPage: Math.round(msPerPage * 100) / 100 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { msPerPage } = await benchCompile();
  console.log(`Markdown compile: ${msPerPage} ms per page (ten highlighted code blocks)`);
}
