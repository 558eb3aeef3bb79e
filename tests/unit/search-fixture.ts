import { buildSearchIndex, type SearchPageInput } from "../../plugins/search/buildIndex";
import { createLocalSearch } from "../../src/core/search/engine";
import type { SearchSection } from "../../src/core/search/types";

// A fixture site modelled on the real one: five sections, API pages named after their function,
// each page its intro and h2/h3 sections as the Markdown compile gives them (code as its text).

/** [level, heading, text]: the section's id is the heading's slug. */
type SectionSpec = [2 | 3, string, string];

interface PageSpec {
  url: string;
  title: string;
  intro: string;
  sections?: SectionSpec[];
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** A page's sections from its intro and [level, heading, text] rows. */
export function sectionsOf(intro: string, rows: readonly SectionSpec[] = []): SearchSection[] {
  return [{ level: 1, heading: "", anchor: null, text: intro }, ...rows.map(([level, heading, text]) => ({ level, heading, anchor: slug(heading), text }))];
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
    intro: "A library for configuring modular tools: presets combine plugins and options, and plugins add hooks and middleware.",
    sections: [
      [2, "Installation", "Add the package with your package manager. npm install graphile-config"],
      [2, "Terminology", "A preset is a bundle of configuration; a plugin extends behaviour."],
    ],
  },
  {
    url: "/graphile-config/preset",
    title: "Presets",
    intro: "A preset is a plain object describing configuration. Presets can extend other presets.",
    sections: [
      [2, "Extending presets", "List parent presets in extends; later presets override earlier ones. const preset = { extends: [basePreset], plugins: [MyPlugin] };"],
      [2, "Resolving a preset", "Call resolvePreset to flatten the chain of extended presets into one resolved preset."],
      [3, "Disabling plugins", "Use disablePlugins to remove a plugin a parent preset added."],
    ],
  },
  {
    url: "/graphile-config/plugin",
    title: "Plugins",
    intro: "Plugins have a name, a version and may register hooks or middleware for the tools that load them.",
    sections: [
      [2, "Plugin shape", "Every plugin needs a unique name and a version. const MyPlugin = { name: 'MyPlugin', version: '1.0.0' };"],
      [2, "Ordering with before and after", "Plugins declare before and after lists to control the order their hooks run in."],
    ],
  },
  {
    url: "/graphile-config/plugin/middleware",
    title: "Middleware",
    intro: "Middleware wraps an action of the library so plugins can observe, change or replace it.",
    sections: [
      [2, "Writing middleware", "A middleware function receives next and the event; call next() to continue the chain."],
      [2, "Asynchronous middleware", "Return a promise from the middleware to wait for asynchronous work."],
    ],
  },
  {
    url: "/graphile-config/library-authors",
    title: "Library authors",
    intro: "How to make your own library configurable with graphile-config.",
    sections: [
      [2, "Declaring scopes", "Extend the GraphileConfig.Preset interface through declaration merging to add your options scope."],
      [2, "Loading the resolved preset", "Read options from the resolved preset at startup."],
    ],
  },
  {
    url: "/graphile-export",
    title: "graphile-export",
    intro: "graphile-export turns an in-memory schema into the source code of a module that recreates it, so start-up is fast.",
    sections: [
      [2, "When to export", "Exporting is useful for serverless deployments where cold start time matters."],
    ],
  },
  {
    url: "/graphile-export/eslint",
    title: "ESLint plugin",
    intro: "The eslint-plugin-graphile-export lint rules catch closures that cannot be exported.",
    sections: [
      [2, "Rules", "The export-methods and exhaustive-deps rules check your EXPORTABLE wrappers."],
    ],
  },
  {
    url: "/graphile-export/exportable",
    title: "EXPORTABLE",
    intro: "Wrap functions with EXPORTABLE so the exporter can write them out together with the values they close over.",
    sections: [
      [2, "Listing dependencies", "Pass every captured variable in the dependency array, in the same order as the parameters."],
    ],
  },
  {
    url: "/graphile-export/how-it-works",
    title: "How it works",
    intro: "The exporter walks the schema, writing each value as code and hoisting shared references.",
    sections: [
      [2, "Walking the value graph", "Objects, arrays and functions are visited once; repeated references become shared constants."],
    ],
  },
  {
    url: "/graphile-export/the-future",
    title: "The future",
    intro: "Plans for exporting more kinds of values, and better error messages.",
  },
  {
    url: "/pg-introspection",
    title: "pg-introspection",
    intro: "pg-introspection reads the PostgreSQL system catalog in one query and gives you typed objects for classes, attributes, constraints and types.",
    sections: [
      [2, "Fetching the introspection", "Run the introspection query with your database client and parse the result. const result = await pgClient.query(makeIntrospectionQuery());"],
    ],
  },
  {
    url: "/pg-introspection/accessors",
    title: "Accessors",
    intro: "Helper methods on each introspection entity give quick access to related entities.",
    sections: [
      [2, "getAttributes", "Returns the columns of a class, in order."],
      [2, "getConstraints", "Returns the constraints defined on a table, such as primary keys and foreign keys."],
    ],
  },
  {
    url: "/pg-introspection/naming",
    title: "Naming",
    intro: "The entity names follow the PostgreSQL catalog: a table is a class, a column is an attribute.",
  },
  {
    url: "/pg-sql2",
    title: "pg-sql2",
    intro: "pg-sql2 builds SQL queries from tagged template literals, keeping values out of the query text so they are sent as parameters.",
    sections: [
      [2, "Your first query", "const query = sql`select * from ${sql.identifier(\"users\")} where id = ${sql.value(1)}`;"],
      [2, "Mental model", "Fragments nest inside fragments; compiling walks the tree once and numbers placeholders."],
    ],
  },
  {
    url: "/pg-sql2/development-mode",
    title: "Development mode",
    intro: "In development mode pg-sql2 checks fragments more strictly and produces more readable output.",
    sections: [
      [2, "Enabling development mode", "Set NODE_ENV to development, or GRAPHILE_ENV."],
    ],
  },
  {
    url: "/pg-sql2/api",
    title: "API",
    intro: "Every export of pg-sql2, one page each.",
  },
  {
    url: "/pg-sql2/api/sql",
    title: "sql",
    intro: "sql is the tagged template that creates a fragment. Embedded expressions must be fragments themselves.",
    sections: [
      [2, "Signature", "function sql(strings: TemplateStringsArray, ...values: SQL[]): SQL;"],
      [2, "Examples", "Combine sql with sql.identifier and sql.value to build a full statement."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-identifier",
    title: "sql.identifier",
    intro: "sql.identifier(...names) quotes a table, column or schema name so PostgreSQL reads it as a name; several names are joined with dots into a qualified identifier.",
    sections: [
      [2, "Signature", "function identifier(...names: Array<string | symbol>): SQL;"],
      [2, "Quoting and case", "Every name is wrapped in double quotes, so Users and users are different tables."],
      [2, "Symbols as aliases", "Pass a Symbol and a unique alias is generated when the query is compiled."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-value",
    title: "sql.value",
    intro: "sql.value(val) adds a placeholder to the query and sends the value separately as a parameter, which protects you from SQL injection.",
    sections: [
      [2, "Signature", "function value(val: unknown): SQL;"],
      [2, "Parameters and types", "Strings, numbers, booleans and null pass through unchanged; the database driver converts them."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-raw",
    title: "sql.raw",
    intro: "sql.raw(text) inserts text into the query as it is, with no escaping: an escape hatch for trusted strings only.",
    sections: [
      [2, "Dangers", "Never pass user input to sql.raw; it would allow SQL injection."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-join",
    title: "sql.join",
    intro: "sql.join(fragments, delimiter) joins a list of fragments with a delimiter, such as a comma for column lists.",
    sections: [
      [2, "Joining with a delimiter", "const columns = sql.join(names.map((n) => sql.identifier(n)), \", \");"],
    ],
  },
  {
    url: "/pg-sql2/api/sql-compile",
    title: "sql.compile",
    intro: "sql.compile(fragment) turns a fragment into query text and the list of values for its placeholders.",
    sections: [
      [2, "Return value", "An object with text and values, ready for a database client."],
      [2, "Placeholder numbering", "Placeholders are numbered $1, $2 and so on in order of appearance."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-literal",
    title: "sql.literal",
    intro: "sql.literal(val) writes a value straight into the query text as a literal, quoting strings; use it for values that help the planner.",
  },
  {
    url: "/pg-sql2/api/sql-placeholder",
    title: "sql.placeholder",
    intro: "sql.placeholder(symbol, fallback) marks a spot to be filled in later with sql.replaceSymbol.",
  },
  {
    url: "/pg-sql2/api/sql-indent",
    title: "sql.indent",
    intro: "sql.indent(fragment) indents a fragment in development mode so that generated SQL is readable.",
  },
  {
    url: "/pg-sql2/api/sql-indent-if",
    title: "sql.indentIf",
    intro: "sql.indentIf(condition, fragment) indents the fragment only when the condition holds.",
  },
  {
    url: "/pg-sql2/api/sql-is-equivalent",
    title: "sql.isEquivalent",
    intro: "sql.isEquivalent(a, b) tells whether two fragments would compile to the same query.",
    sections: [
      [2, "Symbol substitutions", "Pass a map of symbols that should be treated as the same alias."],
    ],
  },
  {
    url: "/pg-sql2/api/sql-replace-symbol",
    title: "sql.replaceSymbol",
    intro: "sql.replaceSymbol(fragment, needle, replacement) swaps one symbol for another throughout a fragment.",
  },
  {
    url: "/pg-sql2/api/sql-symbol-alias",
    title: "sql.symbolAlias",
    intro: "sql.symbolAlias(a, b) makes two symbols compile to the same alias.",
  },
  {
    url: "/tamedevil",
    title: "tamedevil",
    intro: "tamedevil helps you build JavaScript code safely at runtime and evaluate it, without injection problems.",
    sections: [
      [2, "Why generate code", "Generated functions can be much faster than general-purpose interpreters of configuration."],
    ],
  },
  {
    url: "/tamedevil/importing",
    title: "Importing",
    intro: "Import the default export as te, or the named helpers you need. import te from \"tamedevil\";",
  },
  {
    url: "/tamedevil/api/te",
    title: "te",
    intro: "te is the tagged template for code fragments: only other fragments may be embedded.",
    sections: [
      [2, "Signature", "function te(strings: TemplateStringsArray, ...values: TE[]): TE;"],
    ],
  },
  {
    url: "/tamedevil/api/te-ref",
    title: "te.ref",
    intro: "te.ref(value) passes a runtime value to the generated code by reference, as a parameter of the compiled function.",
    sections: [
      [2, "Naming the parameter", "Give a second argument to choose the parameter name."],
    ],
  },
  {
    url: "/tamedevil/api/te-lit",
    title: "te.lit",
    intro: "te.lit(value) writes a simple value into the code as a literal: strings are quoted safely.",
  },
  {
    url: "/tamedevil/api/te-run",
    title: "te.run",
    intro: "te.run(fragment) compiles the fragment and evaluates it, returning the result.",
    sections: [
      [2, "Returning a function", "Use return in the fragment to produce a function you can call many times."],
    ],
  },
  {
    url: "/tamedevil/api/te-compile",
    title: "te.compile",
    intro: "te.compile(fragment) returns the source string and the references, without evaluating anything.",
  },
  {
    url: "/tamedevil/api/te-identifier",
    title: "te.identifier",
    intro: "te.identifier(name) checks that a string is a safe JavaScript identifier and embeds it.",
  },
  {
    url: "/tamedevil/api/te-join",
    title: "te.join",
    intro: "te.join(fragments, delimiter) joins code fragments with a delimiter.",
  },
  {
    url: "/tamedevil/api/te-get",
    title: "te.get",
    intro: "te.get(key) produces safe property access for a key.",
  },
  {
    url: "/tamedevil/api/te-safe-key-or-throw",
    title: "te.safeKeyOrThrow",
    intro: "te.safeKeyOrThrow(key) returns a key usable in an object literal, or throws when the key could be dangerous such as __proto__.",
  },
  {
    url: "/tamedevil/api/te-temp-var",
    title: "te.tempVar",
    intro: "te.tempVar() creates a temporary variable name that will not clash with others.",
  },
  {
    url: "/tamedevil/api/te-tmp",
    title: "te.tmp",
    intro: "te.tmp(value, callback) stores a value in a temporary variable for the duration of the callback.",
  },];

export const fixturePages: SearchPageInput[] = specs.map((spec) => {
  const section = SECTIONS[spec.url.split("/")[1]!]!;
  return { url: spec.url, pluginId: section.pluginId, sectionLabel: section.label, pageTitle: spec.title, sections: sectionsOf(spec.intro, spec.sections) };
});

/** A local engine over the index of `pages`, recording the files it fetches. */
export function engineFor(pages: SearchPageInput[], options?: Parameters<typeof buildSearchIndex>[1]) {
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
