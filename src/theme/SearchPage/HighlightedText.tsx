import { Fragment } from "react";
import { splitHighlighted } from "../../core/search/highlight";
import "./HighlightedText.css";

export interface HighlightedTextProps {
  /** Escaped HTML whose only markup is <mark>…</mark>, as the search backends return. */
  value: string;
}

/** Renders a highlighted value as text nodes and <mark> elements: never as HTML. */
export default function HighlightedText({ value }: HighlightedTextProps) {
  return (
    <>
      {splitHighlighted(value).map((part, i) =>
        part.marked ? (
          <mark key={i} className="highlightedText__mark">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
