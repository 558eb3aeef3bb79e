import type { PluggableList } from "unified";
import type { Npm2YarnOptions } from "../markdown/npm2yarn";
import type { LocaleConfig, ThemeConfig } from "../../core/types";
import type { DocsInstanceSchemaOutput, SiteConfigSchemaInput, SiteConfigSchemaOutput } from "./schema";

/** One docs section as configured, defaults filled in. */
export type DocsInstanceConfig = DocsInstanceSchemaOutput;

/** Per-version settings of a docs instance. */
export type DocsVersionOptions = NonNullable<DocsInstanceConfig["versions"]>[string];

/** site.config.ts as written: everything but the identity of the site has a default. */
export type SiteConfigInput = SiteConfigSchemaInput;

/** site.config.ts with every default filled in. The parts the browser needs share ThemeConfig's shapes. */
export type SiteConfig = SiteConfigSchemaOutput & {
  /** Set when the site was read from a docusaurus.config.* file: what it adds beyond SiteConfigInput. */
  docusaurus?: DocusaurusExtras;
};

/** Compile-time proof that the schema's output still fits what the browser is given. */
type Fits<T extends U, U> = T;
export type SiteConfigFitsTheme = Fits<
  Pick<SiteConfig, "title" | "tagline" | "url" | "baseUrl" | "favicon" | "organizationName" | "projectName" | "footer" | "colorMode" | "tableOfContents" | "announcementBar">,
  Pick<ThemeConfig, "title" | "tagline" | "url" | "baseUrl" | "favicon" | "organizationName" | "projectName" | "footer" | "colorMode" | "tableOfContents" | "announcementBar">
> | Fits<SiteConfig["navbar"], ThemeConfig["navbar"]> | Fits<SiteConfig["search"], ThemeConfig["search"]> | Fits<SiteConfig["i18n"]["localeConfigs"][string], LocaleConfig>;
/** What a Docusaurus config carries that our own config does not (src/node/config/docusaurus.ts). */
export interface DocusaurusExtras {
  configFile: string;
  /** Absolute paths of stylesheets loaded on every page (the classic theme's customCss). */
  customCss: string[];
  /** Absolute paths of modules imported in the browser before the first render. */
  clientModules: string[];
  /** The docs plugins' remark and rehype plugins, run on every page. */
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  showLastUpdateTime: boolean;
  showLastUpdateAuthor: boolean;
  customFields: Record<string, unknown>;
  /** `markdown.mermaid`: ```mermaid fences are diagrams. */
  mermaid: boolean;
  /** The npm2yarn remark plugin's options when the docs list it (we run our own implementation). */
  npm2yarn?: Npm2YarnOptions;
  /** Folders, relative to the site, copied to the output as they are. */
  staticDirectories: string[];
}

export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
