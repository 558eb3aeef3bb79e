import { DOCS_SYSTEM_VERSION } from "../../core/constants";
import type { ThemeConfig } from "../../core/types";
import { useSite } from "../../client/contexts/SiteContext";

export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    favicon: string;
    organizationName: string;
    projectName: string;
    themeConfig: ThemeConfig;
    customFields: Record<string, unknown>;
  };
  siteMetadata: { docusaurusVersion: string };
  i18n: { defaultLocale: string; currentLocale: string; locales: string[]; localeConfigs: Record<string, ThemeConfig["locale"]["config"]> };
}

/** `@docusaurus/useDocusaurusContext`: the site's configuration, in the shape Docusaurus pages read. */
export default function useDocusaurusContext(): DocusaurusContext {
  const { config } = useSite();
  const locale = config.locale.default;
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      favicon: config.favicon,
      organizationName: config.organizationName,
      projectName: config.projectName,
      themeConfig: config,
      customFields: config.customFields ?? {},
    },
    siteMetadata: { docusaurusVersion: DOCS_SYSTEM_VERSION },
    i18n: { defaultLocale: locale, currentLocale: locale, locales: [locale], localeConfigs: { [locale]: config.locale.config } },
  };
}
