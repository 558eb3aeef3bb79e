import type { ComponentProps } from "react";

/** `@theme/CodeInline`. */
export default function CodeInline(props: ComponentProps<"code">) {
  return <code {...props} />;
}
