import { isExternalUrl } from "../../core/paths";
import { useSite } from "../../client/contexts/SiteContext";

export interface BaseUrlOptions {
  /** Prefix the base URL even when the path already starts with it. */
  forcePrependBaseUrl?: boolean;
  /** Return a full URL with the site's origin. */
  absolute?: boolean;
}

/** Puts the site's base URL in front of a site path; external URLs and `#anchors` are left alone. */
export function withBaseUrl(siteUrl: string, baseUrl: string, url: string, options: BaseUrlOptions = {}): string {
  if (!url || url.startsWith("#") || isExternalUrl(url)) return url;
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  let path: string;
  if (!options.forcePrependBaseUrl && url.startsWith(base)) path = url;
  else path = `${base}${url.replace(/^\//, "")}`;
  return options.absolute ? `${siteUrl.replace(/\/$/, "")}${path}` : path;
}

/** `@docusaurus/useBaseUrl`. */
export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  const { config } = useSite();
  return withBaseUrl(config.url, config.baseUrl, url, options);
}

export function useBaseUrlUtils(): { withBaseUrl(url: string, options?: BaseUrlOptions): string } {
  const { config } = useSite();
  return { withBaseUrl: (url, options) => withBaseUrl(config.url, config.baseUrl, url, options) };
}
