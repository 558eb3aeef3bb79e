import type { LocaleConfig, ThemeConfig } from "../../core/types";
import type { DocsInstanceSchemaOutput, SiteConfigSchemaInput, SiteConfigSchemaOutput } from "./schema";

/** One docs section as configured, defaults filled in. */
export type DocsInstanceConfig = DocsInstanceSchemaOutput;

/** Per-version settings of a docs instance. */
export type DocsVersionOptions = NonNullable<DocsInstanceConfig["versions"]>[string];

/** site.config.ts as written: everything but the identity of the site has a default. */
export type SiteConfigInput = SiteConfigSchemaInput;

/** site.config.ts with every default filled in. The parts the browser needs share ThemeConfig's shapes. */
export type SiteConfig = SiteConfigSchemaOutput;

/** Compile-time proof that the schema's output still fits what the browser is given. */
type Fits<T extends U, U> = T;
export type SiteConfigFitsTheme = Fits<
  Pick<SiteConfig, "title" | "tagline" | "url" | "baseUrl" | "favicon" | "organizationName" | "projectName" | "footer" | "colorMode" | "tableOfContents" | "announcementBar">,
  Pick<ThemeConfig, "title" | "tagline" | "url" | "baseUrl" | "favicon" | "organizationName" | "projectName" | "footer" | "colorMode" | "tableOfContents" | "announcementBar">
> | Fits<SiteConfig["navbar"], ThemeConfig["navbar"]> | Fits<SiteConfig["search"], ThemeConfig["search"]> | Fits<SiteConfig["i18n"]["localeConfigs"][string], LocaleConfig>;

export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
