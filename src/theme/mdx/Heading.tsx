import type { ComponentProps } from "react";

type HeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

/** A heading with a link to itself that appears on hover or focus. */
export default function Heading({ as: Tag, id, children, ...props }: ComponentProps<"h2"> & { as: HeadingTag }) {
  return (
    <Tag id={id} {...props}>
      {children}
      {id && (
        <a className="heading-anchor" href={`#${id}`} aria-label={`Direct link to ${typeof children === "string" ? children : "this heading"}`}>
          #
        </a>
      )}
    </Tag>
  );
}
