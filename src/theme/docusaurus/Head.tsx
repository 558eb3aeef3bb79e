import type { ReactNode } from "react";

/**
 * `@docusaurus/Head`. Pages' head tags are not collected yet (the page shell
 * writes title and description from front matter); rendering nothing keeps
 * pages that use it building and looking the same.
 */
export default function Head(_props: { children?: ReactNode }) {
  return null;
}
