import type { ComponentProps } from "react";
import Link from "../Link/Link";
import Heading from "./Heading";
import Image from "./Image";

/**
 * What MDX content renders its plain elements with. The theme's capitalised
 * components (Admonition, CodeBlock, Details, Tabs, TabItem; listed in
 * src/core/mdxComponentNames.ts) are not here: the compile adds an import of
 * each one a page uses to that page, so a page loads only the ones it renders.
 */
const mdxComponents = {
  a: ({ href, ...props }: ComponentProps<"a">) => <Link to={href} {...props} />,
  h2: (props: ComponentProps<"h2">) => <Heading as="h2" {...props} />,
  h3: (props: ComponentProps<"h3">) => <Heading as="h3" {...props} />,
  h4: (props: ComponentProps<"h4">) => <Heading as="h4" {...props} />,
  h5: (props: ComponentProps<"h5">) => <Heading as="h5" {...props} />,
  h6: (props: ComponentProps<"h6">) => <Heading as="h6" {...props} />,
  img: Image,
};

export default mdxComponents;
