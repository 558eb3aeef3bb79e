import { useContext, type AnchorHTMLAttributes, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import { addBaseUrl, isExternalUrl, normalizePath, splitUrl, stripBaseUrl } from "../../core/paths";
import { useSite } from "../../client/contexts/SiteContext";
import { useLocation } from "../../client/router";
import { canPrefetch } from "../../client/canPrefetch";
import { LinkCollectorContext } from "../../client/contexts/LinkCollectorContext";

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A site link in canonical form, without the base URL (the href gets it):
 * relative links resolve against the current page like the
 * browser would; a link that already carries the base URL or the site's own
 * origin is unwrapped; the path loses a trailing slash and ".html".
 */
export function canonicalTarget(destination: string, currentPath: string, siteUrl: string, baseUrl: string): string {
  let target = destination;
  const origin = siteUrl.replace(/\/+$/, "");
  if (origin && target.startsWith(`${origin}/`)) target = target.slice(origin.length);
  if (!target.startsWith("/")) {
    const resolved = new URL(target, `http://site${currentPath}`);
    target = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } else if (baseUrl !== "/") target = stripBaseUrl(target, baseUrl) ?? target;
  const { pathname, search, hash } = splitUrl(target);
  return `${normalizePath(pathname)}${search}${hash}`;
}

/**
 * A link that routes inside the site without a full page load, loading the
 * target page before the address changes; external links open safely in a
 * new tab. The href is always real, so middle-click and "open in new tab" work.
 *
 * The target page starts loading when the reader shows intent (pointer over
 * the link, keyboard focus, a touch), not merely because the link is on
 * screen: a first visit then loads only what the page itself needs.
 */
export default function Link({ to, href, children, onClick, onMouseEnter, onFocus, onTouchStart, target, rel, ...rest }: LinkProps) {
  const site = useSite();
  const { pathname } = useLocation();
  const written = to ?? href ?? "";
  const external = isExternalUrl(written) && !written.startsWith(site.config.url);
  const internal = !external && !written.startsWith("#") && written !== "";
  const destination = internal ? canonicalTarget(written, pathname, site.config.url, site.config.baseUrl) : written;
  const collectLink = useContext(LinkCollectorContext);
  if (internal) collectLink?.(destination);

  if (external) {
    return (
      <a href={destination} target={target ?? "_blank"} rel={rel ?? "noopener noreferrer"} onClick={onClick} onMouseEnter={onMouseEnter} onFocus={onFocus} onTouchStart={onTouchStart} {...rest}>
        {children}
      </a>
    );
  }
  const prefetch = () => {
    if (internal && canPrefetch()) site.prefetch(destination);
  };
  return (
    <a
      href={internal ? addBaseUrl(destination, site.config.baseUrl) : destination}
      target={target}
      rel={rel}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !internal || target === "_blank" || !isPlainLeftClick(event)) return;
        event.preventDefault();
        site.navigate(destination);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
