import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { isExternalUrl } from "../../core/paths";
import { useSite } from "../../runtime/SiteContext";
import { canPrefetch } from "./canPrefetch";

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A link that routes inside the site without a full page load, loading the
 * target page before the address changes; external links open safely in a
 * new tab. The href is always real, so middle-click and "open in new tab" work.
 */
export default function Link({ to, href, children, onClick, onMouseEnter, target, rel, ...rest }: LinkProps) {
  const site = useSite();
  const destination = to ?? href ?? "";
  const external = isExternalUrl(destination) && !destination.startsWith(site.config.url);
  const internal = !external && !destination.startsWith("#") && !destination.startsWith("mailto:");
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!internal || !element || typeof IntersectionObserver === "undefined" || !canPrefetch()) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        site.prefetch(destination);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [internal, destination, site]);

  if (external) {
    return (
      <a href={destination} target={target ?? "_blank"} rel={rel ?? "noopener noreferrer"} onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a
      ref={ref}
      href={destination}
      target={target}
      rel={rel}
      onMouseEnter={(event) => {
        if (internal && canPrefetch()) site.prefetch(destination);
        onMouseEnter?.(event);
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
