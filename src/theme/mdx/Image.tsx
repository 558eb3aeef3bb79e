import type { ComponentProps } from "react";

/** Markdown images load lazily; the build adds width and height where it can read them. */
export default function Image(props: ComponentProps<"img">) {
  return <img loading="lazy" decoding="async" {...props} />;
}
