import { defineConfig } from "./src/node/config/types";

const repository = "https://github.com/graphile/crystal";

/** The five libraries, each a docs section at /<id>/ (graphile-config is the default section). */
const sections = [
  { id: "default", folder: "graphile-config", label: "graphile-config" },
  { id: "graphile-export", folder: "graphile-export", label: "graphile-export" },
  { id: "pg-introspection", folder: "pg-introspection", label: "pg-introspection" },
  { id: "pg-sql2", folder: "pg-sql2", label: "pg-sql2" },
  { id: "tamedevil", folder: "tamedevil", label: "tamedevil" },
];

export default defineConfig({
  title: "Graphile*",
  tagline: "The small libraries underneath the Graphile stack, each one useful on its own",
  url: "https://graphile-docs.example.org",
  baseUrl: "/",
  favicon: "img/favicon.svg",
  organizationName: "graphile",
  projectName: "graphile-docs",
  siteVersion: "0.1.0",
  i18n: {
    defaultLocale: "en",
    locales: ["en"],
    localeConfigs: { en: { label: "English", direction: "ltr", htmlLang: "en", calendar: "gregory", path: "en" } },
  },
  docs: sections.map((section) => ({
    id: section.id,
    path: `docs/${section.folder}`,
    routeBasePath: `/${section.folder}`,
    label: section.label,
    editUrl: "https://github.com/graphile/graphile-docs/edit/main",
  })),
  navbar: {
    title: "Graphile*",
    logo: { alt: "Graphile* logo", src: "/img/logo.svg" },
    hideOnScroll: false,
    items: [
      ...sections.map((section) => ({ type: "doc" as const, docId: "index", docsPluginId: section.id, label: section.label })),
      { type: "link" as const, href: repository, label: "GitHub", position: "right" as const },
    ],
  },
  footer: {
    logo: { alt: "Graphile* logo", src: "/img/logo.svg", href: "/" },
    columns: [
      { title: "Docs", items: sections.map((section) => ({ label: section.label, href: `/${section.folder}/` })) },
      {
        title: "Community",
        items: [
          { label: "Discord", href: "https://discord.gg/graphile" },
          { label: "GitHub Discussions", href: `${repository}/discussions` },
          { label: "Stack Overflow", href: "https://stackoverflow.com/questions/tagged/graphile" },
        ],
      },
      {
        title: "More",
        items: [
          { label: "Source code", href: repository },
          { label: "These docs on GitHub", href: "https://github.com/graphile/graphile-docs" },
        ],
      },
    ],
    copyright: `Copyright © ${new Date().getFullYear()} Graphile Ltd and contributors. Documentation text licensed CC BY 4.0.`,
  },
  colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  prism: { theme: "github", darkTheme: "dracula", additionalLanguages: ["diff"] },
  announcementBar: {
    id: "docs-work-in-progress",
    content: "These docs are a work in progress: pages are still being written and reviewed.",
    isCloseable: false,
  },
  search: {},
  // "Try it" on the doc-test examples that import only these; `query` examples run against the doc tests' schema.
  playground: { packages: ["pg-sql2", "tamedevil"], setupSql: "tests/doctest/schema.sql" },
});
