import clsx from "clsx";
import { Children, isValidElement, useEffect, useRef, useState, type ComponentProps, type MouseEvent, type ReactElement, type ReactNode } from "react";
import { collapseDurationMs } from "../../core/collapseDuration";
import "./Details.css";

function splitSummary(children: ReactNode): { summary?: ReactNode; body: ReactNode[] } {
  const items = Children.toArray(children);
  const index = items.findIndex((child) => isValidElement(child) && child.type === "summary");
  if (index < 0) return { body: items };
  const summary = (items[index] as ReactElement<{ children?: ReactNode }>).props.children;
  return { summary, body: items.filter((_, position) => position !== index) };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * `<details>` with a styled summary whose content slides open and closed
 * (ease-in-out, longer for taller content). It stays a real `<details>`, so
 * it works before JavaScript loads, with the keyboard, and with find-in-page.
 */
export default function Details({ children, className, open: openInitially, summary: summaryProp, ...props }: Omit<ComponentProps<"details">, "summary"> & { summary?: ReactNode }) {
  // Docusaurus' `@theme/Details` also takes the summary as a prop.
  const split = splitSummary(children);
  const { body } = split;
  const summary = split.summary ?? summaryProp;
  const [open, setOpen] = useState(Boolean(openInitially));
  const [expanded, setExpanded] = useState(Boolean(openInitially));
  const contentRef = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const content = contentRef.current;
    if (!content || typeof content.animate !== "function" || prefersReducedMotion()) {
      if (!expanded) setOpen(false);
      return;
    }
    animation.current?.cancel();
    const height = content.scrollHeight;
    const frames = expanded ? [{ height: "0px" }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: "0px" }];
    content.style.overflow = "hidden";
    const running = content.animate(frames, { duration: collapseDurationMs(height), easing: "ease-in-out" });
    animation.current = running;
    running.onfinish = () => {
      content.style.overflow = "";
      animation.current = null;
      if (!expanded) setOpen(false);
    };
    return () => running.cancel();
  }, [expanded]);

  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    if (expanded) {
      setExpanded(false);
    } else {
      setOpen(true);
      setExpanded(true);
    }
  };

  return (
    <details
      {...props}
      open={open}
      className={clsx("details", expanded && "details--expanded", className)}
      onToggle={(event) => {
        // Opened by the browser itself (find-in-page, a fragment link).
        const nowOpen = event.currentTarget.open;
        if (nowOpen && !expanded) {
          setOpen(true);
          setExpanded(true);
        }
      }}
    >
      <summary className="details__summary" onClick={onSummaryClick}>
        {summary ?? "Details"}
      </summary>
      <div ref={contentRef} className="details__content">
        <div className="details__inner">{body}</div>
      </div>
    </details>
  );
}
