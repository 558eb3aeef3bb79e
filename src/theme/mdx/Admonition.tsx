import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import type { AdmonitionType } from "../../core/constants";
import AdmonitionIcon from "./AdmonitionIcon";
import "./Admonition.css";

const LABELS: Record<AdmonitionType, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  warning: "Warning",
  danger: "Danger",
  caution: "Caution",
  important: "Important",
};

/** The attribute the Markdown pipeline puts on a title written as `:::tip[Title]` (see src/node/markdown/admonitions.ts). */
const TITLE_MARKER = "data-admonition-title";

function splitTitle(children: ReactNode): { title?: ReactNode; body: ReactNode[] } {
  const items = Children.toArray(children);
  const first = items[0];
  if (isValidElement(first) && (first as ReactElement<Record<string, unknown>>).props[TITLE_MARKER] !== undefined) {
    return { title: (first as ReactElement<{ children?: ReactNode }>).props.children, body: items.slice(1) };
  }
  return { body: items };
}

export interface AdmonitionProps {
  type?: string;
  /** Overrides the default title (the kind's name). */
  title?: ReactNode;
  /** Replaces the kind's icon. */
  icon?: ReactNode;
  children?: ReactNode;
}

/**
 * A call-out box (`:::tip` … `:::` in Markdown, or `<Admonition type="tip">`).
 * Screen readers announce it as a note labelled with its kind ("Warning"),
 * then read its title and content.
 */
export default function Admonition({ type = "note", title, icon, children }: AdmonitionProps) {
  const kind: AdmonitionType = Object.hasOwn(LABELS, type) ? (type as AdmonitionType) : "note";
  const { title: markedTitle, body } = splitTitle(children);
  return (
    <aside className={`admonition admonition--${kind}`} role="note" aria-label={LABELS[kind]}>
      <div className="admonition__heading">
        <span className="admonition__icon">{icon ?? <AdmonitionIcon kind={kind} />}</span>
        <span className="admonition__title">{title ?? markedTitle ?? LABELS[kind]}</span>
      </div>
      <div className="admonition__content">{body}</div>
    </aside>
  );
}
