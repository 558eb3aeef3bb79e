import { describe, expect, it } from "vitest";
import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import { SEARCH_HITS_PER_PAGE, SEARCH_QUERY_MAX_LENGTH, docsTagFor } from "../../src/core/search/constants";
import { createLocalSearch } from "../../src/core/search/engine";

// A fixture site modelled on the real one: five sections, API pages named after their function,
// headings with ids and hash links as the generator renders them, code blocks as Prism spans.

function slug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}
function h(level: 2 | 3, text: string, id = slug(text)): string {
  return `<h${level} id="${id}" class="anchor">${text}<a href="#${id}" class="hash-link" aria-label="Direct link to ${text}">#</a></h${level}>`;
}
function code(source: string, language = "ts"): string {
  const spans = source
    .split(/(\b(?:const|import|from|function|return|await)\b)/)
    .map((part) => (/^(const|import|from|function|return|await)$/.test(part) ? `<span class="token keyword">${part}</span>` : part.replace(/&/g, "&amp;").replace(/</g, "&lt;")))
    .join("");
  return `<div class="codeBlock"><button type="button" aria-label="Copy code">Copy</button><pre class="prism-code language-${language}"><code>${spans}</code></pre></div>`;
}

interface PageSpec {
  url: string;
  title: string;
  html: string;
}

const SECTIONS: Record<string, { pluginId: string; label: string }> = {
  "graphile-config": { pluginId: "default", label: "graphile-config" },
  "graphile-export": { pluginId: "graphile-export", label: "graphile-export" },
  "pg-introspection": { pluginId: "pg-introspection", label: "pg-introspection" },
  "pg-sql2": { pluginId: "pg-sql2", label: "pg-sql2" },
  tamedevil: { pluginId: "tamedevil", label: "tamedevil" },
};

const specs: PageSpec[] = [
  {
    url: "/graphile-config",
    title: "graphile-config",
    html: `<h1>graphile-config</h1><p>A library for configuring modular tools: presets combine plugins and options, and plugins add hooks and middleware.</p>
${h(2, "Installation")}<p>Add the package with your package manager.</p>${code("npm install graphile-config")}
${h(2, "Terminology")}<p>A <strong>preset</strong> is a bundle of configuration; a <strong>plugin</strong> extends behaviour.</p>`,
  },
  {
    url: "/graphile-config/preset",
    title: "Presets",
    html: `<p>A preset is a plain object describing configuration. Presets can extend other presets.</p>
${h(2, "Extending presets")}<p>List parent presets in <code>extends</code>; later presets override earlier ones.</p>${code("const preset = { extends: [basePreset], plugins: [MyPlugin] };")}
${h(2, "Resolving a preset")}<p>Call <code>resolvePreset</code> to flatten the chain of extended presets into one resolved preset.</p>
${h(3, "Disabling plugins")}<p>Use <code>disablePlugins</code> to remove a plugin a parent preset added.</p>`,
  },
  {
    url: "/graphile-config/plugin",
    title: "Plugins",
    html: `<p>Plugins have a name, a version and may register hooks or middleware for the tools that load them.</p>
${h(2, "Plugin shape")}<p>Every plugin needs a unique <code>name</code> and a <code>version</code>.</p>${code("const MyPlugin = { name: 'MyPlugin', version: '1.0.0' };")}
${h(2, "Ordering with before and after")}<p>Plugins declare <code>before</code> and <code>after</code> lists to control the order their hooks run in.</p>`,
  },
  {
    url: "/graphile-config/plugin/middleware",
    title: "Middleware",
    html: `<p>Middleware wraps an action of the library so plugins can observe, change or replace it.</p>
${h(2, "Writing middleware")}<p>A middleware function receives <code>next</code> and the event; call <code>next()</code> to continue the chain.</p>
${h(2, "Asynchronous middleware")}<p>Return a promise from the middleware to wait for asynchronous work.</p>`,
  },
  {
    url: "/graphile-config/library-authors",
    title: "Library authors",
    html: `<p>How to make your own library configurable with graphile-config.</p>
${h(2, "Declaring scopes")}<p>Extend the <code>GraphileConfig.Preset</code> interface through declaration merging to add your options scope.</p>
${h(2, "Loading the resolved preset")}<p>Read options from the resolved preset at startup.</p>`,
  },
  {
    url: "/graphile-export",
    title: "graphile-export",
    html: `<p>graphile-export turns an in-memory schema into the source code of a module that recreates it, so start-up is fast.</p>
${h(2, "When to export")}<p>Exporting is useful for serverless deployments where cold start time matters.</p>`,
  },
  {
    url: "/graphile-export/eslint",
    title: "ESLint plugin",
    html: `<p>The eslint-plugin-graphile-export lint rules catch closures that cannot be exported.</p>
${h(2, "Rules")}<p>The <code>export-methods</code> and <code>exhaustive-deps</code> rules check your EXPORTABLE wrappers.</p>`,
  },
  {
    url: "/graphile-export/exportable",
    title: "EXPORTABLE",
    html: `<p>Wrap functions with <code>EXPORTABLE</code> so the exporter can write them out together with the values they close over.</p>
${h(2, "Listing dependencies")}<p>Pass every captured variable in the dependency array, in the same order as the parameters.</p>`,
  },
  {
    url: "/graphile-export/how-it-works",
    title: "How it works",
    html: `<p>The exporter walks the schema, writing each value as code and hoisting shared references.</p>
${h(2, "Walking the value graph")}<p>Objects, arrays and functions are visited once; repeated references become shared constants.</p>`,
  },
  {
    url: "/graphile-export/the-future",
    title: "The future",
    html: `<p>Plans for exporting more kinds of values, and better error messages.</p>`,
  },
  {
    url: "/pg-introspection",
    title: "pg-introspection",
    html: `<p>pg-introspection reads the PostgreSQL system catalog in one query and gives you typed objects for classes, attributes, constraints and types.</p>
${h(2, "Fetching the introspection")}<p>Run the introspection query with your database client and parse the result.</p>${code("const result = await pgClient.query(makeIntrospectionQuery());")}`,
  },
  {
    url: "/pg-introspection/accessors",
    title: "Accessors",
    html: `<p>Helper methods on each introspection entity give quick access to related entities.</p>
${h(2, "getAttributes")}<p>Returns the columns of a class, in order.</p>
${h(2, "getConstraints")}<p>Returns the constraints defined on a table, such as primary keys and foreign keys.</p>`,
  },
  {
    url: "/pg-introspection/naming",
    title: "Naming",
    html: `<p>The entity names follow the PostgreSQL catalog: a table is a class, a column is an attribute.</p>`,
  },
  {
    url: "/pg-sql2",
    title: "pg-sql2",
    html: `<p>pg-sql2 builds SQL queries from tagged template literals, keeping values out of the query text so they are sent as parameters.</p>
${h(2, "Your first query")}${code('const query = sql`select * from ${sql.identifier("users")} where id = ${sql.value(1)}`;')}
${h(2, "Mental model")}<p>Fragments nest inside fragments; compiling walks the tree once and numbers placeholders.</p>`,
  },
  {
    url: "/pg-sql2/development-mode",
    title: "Development mode",
    html: `<p>In development mode pg-sql2 checks fragments more strictly and produces more readable output.</p>
${h(2, "Enabling development mode")}<p>Set <code>NODE_ENV</code> to <code>development</code>, or <code>GRAPHILE_ENV</code>.</p>`,
  },
  {
    url: "/pg-sql2/api",
    title: "API",
    html: `<p>Every export of pg-sql2, one page each.</p>`,
  },
  {
    url: "/pg-sql2/api/sql",
    title: "sql",
    html: `<p><code>sql</code> is the tagged template that creates a fragment. Embedded expressions must be fragments themselves.</p>
${h(2, "Signature")}${code("function sql(strings: TemplateStringsArray, ...values: SQL[]): SQL;")}
${h(2, "Examples")}<p>Combine <code>sql</code> with <code>sql.identifier</code> and <code>sql.value</code> to build a full statement.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-identifier",
    title: "sql.identifier",
    html: `<p><code>sql</code>.<code>identifier(...names)</code> quotes a table, column or schema name so PostgreSQL reads it as a name; several names are joined with dots into a qualified identifier.</p>
${h(2, "Signature")}${code("function identifier(...names: Array<string | symbol>): SQL;")}
${h(2, "Quoting and case")}<p>Every name is wrapped in double quotes, so <code>Users</code> and <code>users</code> are different tables.</p>
${h(2, "Symbols as aliases")}<p>Pass a Symbol and a unique alias is generated when the query is compiled.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-value",
    title: "sql.value",
    html: `<p><code>sql.value(val)</code> adds a placeholder to the query and sends the value separately as a parameter, which protects you from SQL injection.</p>
${h(2, "Signature")}${code("function value(val: unknown): SQL;")}
${h(2, "Parameters and types")}<p>Strings, numbers, booleans and null pass through unchanged; the database driver converts them.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-raw",
    title: "sql.raw",
    html: `<p><code>sql.raw(text)</code> inserts text into the query as it is, with no escaping: an escape hatch for trusted strings only.</p>
${h(2, "Dangers")}<p>Never pass user input to <code>sql.raw</code>; it would allow SQL injection.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-join",
    title: "sql.join",
    html: `<p><code>sql.join(fragments, delimiter)</code> joins a list of fragments with a delimiter, such as a comma for column lists.</p>
${h(2, "Joining with a delimiter")}${code('const columns = sql.join(names.map((n) => sql.identifier(n)), ", ");')}`,
  },
  {
    url: "/pg-sql2/api/sql-compile",
    title: "sql.compile",
    html: `<p><code>sql.compile(fragment)</code> turns a fragment into query text and the list of values for its placeholders.</p>
${h(2, "Return value")}<p>An object with <code>text</code> and <code>values</code>, ready for a database client.</p>
${h(2, "Placeholder numbering")}<p>Placeholders are numbered $1, $2 and so on in order of appearance.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-literal",
    title: "sql.literal",
    html: `<p><code>sql.literal(val)</code> writes a value straight into the query text as a literal, quoting strings; use it for values that help the planner.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-placeholder",
    title: "sql.placeholder",
    html: `<p><code>sql.placeholder(symbol, fallback)</code> marks a spot to be filled in later with <code>sql.replaceSymbol</code>.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-indent",
    title: "sql.indent",
    html: `<p><code>sql.indent(fragment)</code> indents a fragment in development mode so that generated SQL is readable.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-indent-if",
    title: "sql.indentIf",
    html: `<p><code>sql.indentIf(condition, fragment)</code> indents the fragment only when the condition holds.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-is-equivalent",
    title: "sql.isEquivalent",
    html: `<p><code>sql.isEquivalent(a, b)</code> tells whether two fragments would compile to the same query.</p>
${h(2, "Symbol substitutions")}<p>Pass a map of symbols that should be treated as the same alias.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-replace-symbol",
    title: "sql.replaceSymbol",
    html: `<p><code>sql.replaceSymbol(fragment, needle, replacement)</code> swaps one symbol for another throughout a fragment.</p>`,
  },
  {
    url: "/pg-sql2/api/sql-symbol-alias",
    title: "sql.symbolAlias",
    html: `<p><code>sql.symbolAlias(a, b)</code> makes two symbols compile to the same alias.</p>`,
  },
  {
    url: "/tamedevil",
    title: "tamedevil",
    html: `<p>tamedevil helps you build JavaScript code safely at runtime and evaluate it, without injection problems.</p>
${h(2, "Why generate code")}<p>Generated functions can be much faster than general-purpose interpreters of configuration.</p>`,
  },
  {
    url: "/tamedevil/importing",
    title: "Importing",
    html: `<p>Import the default export as <code>te</code>, or the named helpers you need.</p>${code('import te from "tamedevil";', "js")}`,
  },
  {
    url: "/tamedevil/api/te",
    title: "te",
    html: `<p><code>te</code> is the tagged template for code fragments: only other fragments may be embedded.</p>
${h(2, "Signature")}${code("function te(strings: TemplateStringsArray, ...values: TE[]): TE;")}`,
  },
  {
    url: "/tamedevil/api/te-ref",
    title: "te.ref",
    html: `<p><code>te.ref(value)</code> passes a runtime value to the generated code by reference, as a parameter of the compiled function.</p>
${h(2, "Naming the parameter")}<p>Give a second argument to choose the parameter name.</p>`,
  },
  {
    url: "/tamedevil/api/te-lit",
    title: "te.lit",
    html: `<p><code>te.lit(value)</code> writes a simple value into the code as a literal: strings are quoted safely.</p>`,
  },
  {
    url: "/tamedevil/api/te-run",
    title: "te.run",
    html: `<p><code>te.run(fragment)</code> compiles the fragment and evaluates it, returning the result.</p>
${h(2, "Returning a function")}<p>Use <code>return</code> in the fragment to produce a function you can call many times.</p>`,
  },
  {
    url: "/tamedevil/api/te-compile",
    title: "te.compile",
    html: `<p><code>te.compile(fragment)</code> returns the source string and the references, without evaluating anything.</p>`,
  },
  {
    url: "/tamedevil/api/te-identifier",
    title: "te.identifier",
    html: `<p><code>te.identifier(name)</code> checks that a string is a safe JavaScript identifier and embeds it.</p>`,
  },
  {
    url: "/tamedevil/api/te-join",
    title: "te.join",
    html: `<p><code>te.join(fragments, delimiter)</code> joins code fragments with a delimiter.</p>`,
  },
  {
    url: "/tamedevil/api/te-get",
    title: "te.get",
    html: `<p><code>te.get(key)</code> produces safe property access for a key.</p>`,
  },
  {
    url: "/tamedevil/api/te-safe-key-or-throw",
    title: "te.safeKeyOrThrow",
    html: `<p><code>te.safeKeyOrThrow(key)</code> returns a key usable in an object literal, or throws when the key could be dangerous such as __proto__.</p>`,
  },
  {
    url: "/tamedevil/api/te-temp-var",
    title: "te.tempVar",
    html: `<p><code>te.tempVar()</code> creates a temporary variable name that will not clash with others.</p>`,
  },
  {
    url: "/tamedevil/api/te-tmp",
    title: "te.tmp",
    html: `<p><code>te.tmp(value, callback)</code> stores a value in a temporary variable for the duration of the callback.</p>`,
  },
];

const fixturePages: SearchPageInput[] = specs.map((spec) => {
  const folder = spec.url.split("/")[1]!;
  const section = SECTIONS[folder]!;
  return { url: spec.url, pluginId: section.pluginId, sectionLabel: section.label, pageTitle: spec.title, articleHtml: spec.html };
});

function engineFor(pages: SearchPageInput[], options?: Parameters<typeof buildSearchIndex>[1]) {
  const files = buildSearchIndex(pages, options);
  const requests: string[] = [];
  const engine = createLocalSearch({
    fetchJson: async (path) => {
      requests.push(path);
      const contents = files.get(path);
      if (contents === undefined) throw new Error(`404 ${path}`);
      return JSON.parse(String(contents));
    },
  });
  return { engine, files, requests };
}

const { engine } = engineFor(fixturePages);

async function firstHit(query: string, extra: Record<string, unknown> = {}) {
  const result = await engine.search({ query, ...extra });
  return result.hits[0]?.url ?? null;
}

// query → the URL of the first hit.
const table: [string, string][] = [
  // API names: dotted, hyphenated, bare, camelCase.
  ["sql.identifier", "/pg-sql2/api/sql-identifier"],
  ["sql-identifier", "/pg-sql2/api/sql-identifier"],
  ["identifier", "/pg-sql2/api/sql-identifier"],
  ["sql.value", "/pg-sql2/api/sql-value"],
  ["sql.raw", "/pg-sql2/api/sql-raw"],
  ["sql-raw", "/pg-sql2/api/sql-raw"],
  ["sql.join", "/pg-sql2/api/sql-join"],
  ["sql.compile", "/pg-sql2/api/sql-compile"],
  ["sql.indent", "/pg-sql2/api/sql-indent"],
  ["sql.indentIf", "/pg-sql2/api/sql-indent-if"],
  ["sql-indent-if", "/pg-sql2/api/sql-indent-if"],
  ["isEquivalent", "/pg-sql2/api/sql-is-equivalent"],
  ["replaceSymbol", "/pg-sql2/api/sql-replace-symbol"],
  ["sql", "/pg-sql2/api/sql"],
  ["te", "/tamedevil/api/te"],
  ["te.ref", "/tamedevil/api/te-ref"],
  ["te-ref", "/tamedevil/api/te-ref"],
  ["te.lit", "/tamedevil/api/te-lit"],
  ["te.run", "/tamedevil/api/te-run"],
  ["te.compile", "/tamedevil/api/te-compile"],
  ["te.identifier", "/tamedevil/api/te-identifier"],
  ["safeKeyOrThrow", "/tamedevil/api/te-safe-key-or-throw"],
  ["te.tmp", "/tamedevil/api/te-tmp"],
  // Prefixes, as typed.
  ["sql.ide", "/pg-sql2/api/sql-identifier"],
  ["te.temp", "/tamedevil/api/te-temp-var"],
  ["middlew", "/graphile-config/plugin/middleware"],
  ["introspec", "/pg-introspection"],
  // One typo in a longer word.
  ["idnetifier", "/pg-sql2/api/sql-identifier"],
  ["sql.idnetifier", "/pg-sql2/api/sql-identifier"],
  ["sql.compiel", "/pg-sql2/api/sql-compile"],
  ["midleware", "/graphile-config/plugin/middleware"],
  ["placehodler", "/pg-sql2/api/sql-placeholder"],
  ["accesors", "/pg-introspection/accessors"],
  // Phrases and words that sit in headings or text.
  ["indent if", "/pg-sql2/api/sql-indent-if"],
  ["safe key or throw", "/tamedevil/api/te-safe-key-or-throw"],
  ["temp var", "/tamedevil/api/te-temp-var"],
  ["symbol alias", "/pg-sql2/api/sql-symbol-alias"],
  ["how it works", "/graphile-export/how-it-works"],
  ["development mode", "/pg-sql2/development-mode"],
  ["extending presets", "/graphile-config/preset#extending-presets"],
  ["disable plugins", "/graphile-config/preset#disabling-plugins"],
  ["placeholder numbering", "/pg-sql2/api/sql-compile#placeholder-numbering"],
  ["symbols as aliases", "/pg-sql2/api/sql-identifier#symbols-as-aliases"],
  ["escape hatch", "/pg-sql2/api/sql-raw"],
  ["cold start", "/graphile-export#when-to-export"],
  ["foreign keys", "/pg-introspection/accessors#getconstraints"],
  ["getAttributes", "/pg-introspection/accessors#getattributes"],
  // Titles of guide pages.
  ["preset", "/graphile-config/preset"],
  ["middleware", "/graphile-config/plugin/middleware"],
  ["eslint", "/graphile-export/eslint"],
  ["exportable", "/graphile-export/exportable"],
  ["naming", "/pg-introspection/naming"],
  ["importing", "/tamedevil/importing"],
  ["library authors", "/graphile-config/library-authors"],
  ["pg-sql2", "/pg-sql2"],
  ["tamedevil", "/tamedevil"],
];

describe("ranking: query → first hit", () => {
  it("has a table of at least 25 rows", () => {
    expect(table.length).toBeGreaterThanOrEqual(25);
  });
  it.each(table)("%s → %s", async (query, expected) => {
    expect(await firstHit(query)).toBe(expected);
  });
});

describe("ranking rules", () => {
  it("ranks a title match above a body match", async () => {
    const result = await engine.search({ query: "middleware" });
    const urls = result.hits.map((hit) => hit.url);
    // graphile-config's index and the plugins page mention middleware in their text only.
    expect(urls.indexOf("/graphile-config/plugin/middleware")).toBeLessThan(urls.indexOf("/graphile-config"));
    expect(urls.indexOf("/graphile-config/plugin/middleware")).toBeLessThan(urls.indexOf("/graphile-config/plugin"));
  });

  it("ranks a heading match above a body match", async () => {
    const result = await engine.search({ query: "dangers" });
    expect(result.hits[0]!.url).toBe("/pg-sql2/api/sql-raw#dangers");
    expect(result.hits[0]!.type).toBe("lvl2");
  });

  it("ranks exact words above typo matches", async () => {
    // "value" is a word of the index; "valeu" reaches it only with a typo.
    const exact = await engine.search({ query: "sql.value" });
    const typo = await engine.search({ query: "sql.valeu" });
    expect(typo.hits[0]!.url).toBe(exact.hits[0]!.url);
  });

  it("requires every word, and falls back to any word when nothing has them all", async () => {
    const all = await engine.search({ query: "sql.join delimiter" });
    expect(all.hits.every((hit) => hit.url.startsWith("/pg-sql2/api/sql-join"))).toBe(true);
    const some = await engine.search({ query: "sql.join zebra" });
    expect(some.nbHits).toBeGreaterThan(0);
    expect(some.hits[0]!.url).toBe("/pg-sql2/api/sql-join");
  });

  it("does not let stop words alone decide a match", async () => {
    const result = await engine.search({ query: "how to compile a fragment" });
    expect(result.hits[0]!.url).toMatch(/compile/);
  });

  it("finds nothing for words the site does not contain", async () => {
    const result = await engine.search({ query: "kubernetes" });
    expect(result.nbHits).toBe(0);
    expect(result.hits).toEqual([]);
  });

  it("returns nothing for an empty or punctuation-only query", async () => {
    expect((await engine.search({ query: "" })).nbHits).toBe(0);
    expect((await engine.search({ query: " .-/ " })).nbHits).toBe(0);
  });
});

describe("facets and contextual search", () => {
  it("filters by the docs-tag facet", async () => {
    const result = await engine.search({
      query: "join",
      facetFilters: ["language:en", [`docusaurus_tag:${docsTagFor("tamedevil")}`]],
    });
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits.every((hit) => hit.docusaurus_tag === "docs-tamedevil-current")).toBe(true);
    expect(result.hits[0]!.url).toBe("/tamedevil/api/te-join");
  });

  it("counts hits per docs tag ignoring the docs-tag filter", async () => {
    const all = await engine.search({ query: "join" });
    const filtered = await engine.search({ query: "join", facetFilters: [`docusaurus_tag:${docsTagFor("tamedevil")}`] });
    expect(filtered.facets.docusaurus_tag).toEqual(all.facets.docusaurus_tag);
    expect(all.facets.docusaurus_tag!["docs-pg-sql2-current"]).toBeGreaterThan(0);
    expect(all.facets.docusaurus_tag!["docs-tamedevil-current"]).toBe(filtered.nbHits);
  });

  it("matches nothing for another language", async () => {
    expect((await engine.search({ query: "join", facetFilters: ["language:fr"] })).nbHits).toBe(0);
    expect((await engine.search({ query: "join", facetFilters: ["language:en"] })).nbHits).toBeGreaterThan(0);
  });

  it("puts the current section first with optional filters, keeping the rest", async () => {
    const plain = await engine.search({ query: "join" });
    expect(plain.hits[0]!.url).toBe("/pg-sql2/api/sql-join");
    const boosted = await engine.search({ query: "join", optionalFilters: [`docusaurus_tag:${docsTagFor("tamedevil")}`] });
    expect(boosted.hits[0]!.url).toBe("/tamedevil/api/te-join");
    expect(boosted.nbHits).toBe(plain.nbHits);
    expect(boosted.hits.map((hit) => hit.url)).toContain("/pg-sql2/api/sql-join");
  });
});

describe("hits per section", () => {
  it("caps hits per section when asked, keeping the order and the total", async () => {
    const plain = await engine.search({ query: "sql" });
    const capped = await engine.search({ query: "sql", maxHitsPerSection: 2 });
    expect(capped.nbHits).toBe(plain.nbHits);
    const perSection = new Map<string, number>();
    for (const hit of capped.hits) perSection.set(hit.hierarchy.lvl0, (perSection.get(hit.hierarchy.lvl0) ?? 0) + 1);
    expect(Math.max(...perSection.values())).toBeLessThanOrEqual(2);
    expect(perSection.size).toBeGreaterThan(1);
    expect(capped.hits[0]!.url).toBe(plain.hits[0]!.url);
  });
});

describe("hits", () => {
  it("have the DocSearch shape", async () => {
    const result = await engine.search({ query: "symbols as aliases" });
    const hit = result.hits[0]!;
    expect(hit).toMatchObject({
      objectID: "/pg-sql2/api/sql-identifier#symbols-as-aliases",
      url: "/pg-sql2/api/sql-identifier#symbols-as-aliases",
      url_without_anchor: "/pg-sql2/api/sql-identifier",
      anchor: "symbols-as-aliases",
      type: "lvl2",
      language: "en",
      docusaurus_tag: "docs-pg-sql2-current",
      hierarchy: { lvl0: "pg-sql2", lvl1: "sql.identifier", lvl2: "Symbols as aliases", lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    expect(hit._highlightResult.hierarchy.lvl2.value).toBe("<mark>Symbols</mark> <mark>as</mark> <mark>aliases</mark>");
    expect(hit._highlightResult.hierarchy.lvl2.matchLevel).toBe("full");
    expect(hit._snippetResult.content.value).toContain("unique alias is generated");
    expect(typeof hit.content).toBe("string");
  });

  it("carry the h2 above an h3 as lvl2", async () => {
    const result = await engine.search({ query: "disablePlugins" });
    expect(result.hits[0]!.hierarchy).toMatchObject({ lvl1: "Presets", lvl2: "Resolving a preset", lvl3: "Disabling plugins" });
    expect(result.hits[0]!.type).toBe("content");
  });

  it("highlight matched words, and only the typed part of a prefix", async () => {
    const result = await engine.search({ query: "sql.ide" });
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("<mark>sql</mark>.<mark>ide</mark>ntifier");
    const typo = await engine.search({ query: "idnetifier" });
    expect(typo.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("sql.<mark>identifier</mark>");
  });

  it("snippet the section text around the match", async () => {
    const result = await engine.search({ query: "injection", attributesToSnippet: ["content:6"] });
    const hit = result.hits.find((candidate) => candidate.url === "/pg-sql2/api/sql-raw#dangers")!;
    expect(hit._snippetResult.content.value).toMatch(/<mark>injection<\/mark>/);
    expect(hit._snippetResult.content.value.split(" ").length).toBeLessThanOrEqual(8);
  });

  it("escape markup: text and query are never HTML", async () => {
    const pages: SearchPageInput[] = [
      {
        url: "/x/a",
        pluginId: "x",
        sectionLabel: "x",
        pageTitle: "Tags <b>bold</b> & co",
        articleHtml: `<p>Write &lt;script&gt;alert(1)&lt;/script&gt; as text; "quotes" and 'apostrophes'.</p>`,
      },
    ];
    const { engine: tiny } = engineFor(pages);
    const result = await tiny.search({ query: "<script>alert" });
    const hit = result.hits[0]!;
    expect(hit._snippetResult.content.value).not.toMatch(/<script/);
    expect(hit._snippetResult.content.value).toContain("&lt;<mark>script</mark>&gt;<mark>alert</mark>(1)");
    expect(hit._highlightResult.hierarchy.lvl1.value).toBe("Tags &lt;b&gt;bold&lt;/b&gt; &amp; co");
    expect(hit.hierarchy.lvl1).toBe("Tags <b>bold</b> & co");
    const tags = await tiny.search({ query: "bold", highlightPreTag: "[", highlightPostTag: "]" });
    expect(tags.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe("Tags &lt;b&gt;[bold]&lt;/b&gt; &amp; co");
  });
});

describe("paging and limits", () => {
  const many: SearchPageInput[] = Array.from({ length: 45 }, (_, i) => ({
    url: `/many/page-${i}`,
    pluginId: "many",
    sectionLabel: "many",
    pageTitle: `Page ${i}`,
    articleHtml: `<p>Shared word lantern number ${i}.</p>`,
  }));
  const { engine: big } = engineFor(many);

  it(`pages results ${SEARCH_HITS_PER_PAGE} at a time`, async () => {
    const first = await big.search({ query: "lantern" });
    expect(first.nbHits).toBe(45);
    expect(first.hits).toHaveLength(SEARCH_HITS_PER_PAGE);
    expect(first.nbPages).toBe(3);
    const third = await big.search({ query: "lantern", page: 2 });
    expect(third.hits).toHaveLength(5);
    const seen = new Set([...first.hits, ...(await big.search({ query: "lantern", page: 1 })).hits, ...third.hits].map((hit) => hit.objectID));
    expect(seen.size).toBe(45);
  });

  it(`reads at most ${SEARCH_QUERY_MAX_LENGTH} characters of a query`, async () => {
    const long = `${"x".repeat(SEARCH_QUERY_MAX_LENGTH)} lantern`;
    const result = await big.search({ query: long });
    expect(result.query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(result.nbHits).toBe(0);
  });
});

describe("loading", () => {
  it("fetches nothing before the first query, then the manifest, records, one term shard and the content it shows", async () => {
    const { engine: lazy, requests } = engineFor(fixturePages, { termShardSize: 500, contentShardSize: 400 });
    expect(requests).toEqual([]);
    const result = await lazy.search({ query: "sql.raw" });
    expect(result.hits[0]!.url).toBe("/pg-sql2/api/sql-raw");
    expect(requests[0]).toBe("search-index/manifest.json");
    expect(requests[1]).toMatch(/^search-index\/records\.[0-9a-f]{8}\.json$/);
    const termFiles = requests.filter((path) => path.includes("/terms-"));
    const contentFiles = requests.filter((path) => path.includes("/content-"));
    expect(termFiles.length).toBe(2); // "sql" and "raw" start with different letters in small shards
    expect(contentFiles.length).toBeGreaterThan(0);
    const stats = await lazy.stats();
    expect(termFiles.length).toBeLessThan(stats.termShards);
    expect(contentFiles.length).toBeLessThan(stats.contentShards);
  });

  it("rejects when the index cannot be fetched, and tries again on the next query", async () => {
    const files = buildSearchIndex(fixturePages);
    let online = false;
    const flaky = createLocalSearch({
      fetchJson: async (path) => {
        if (!online) throw new TypeError("Failed to fetch");
        return JSON.parse(String(files.get(path)));
      },
    });
    await expect(flaky.search({ query: "sql" })).rejects.toThrow("Failed to fetch");
    online = true;
    expect((await flaky.search({ query: "sql" })).nbHits).toBeGreaterThan(0);
  });

  it("rejects an index in another format with a clear error", async () => {
    const broken = createLocalSearch({ fetchJson: async () => ({ nothing: true }) });
    await expect(broken.search({ query: "sql" })).rejects.toThrow(/search-index\/manifest\.json is not in the expected format/);
  });
});
