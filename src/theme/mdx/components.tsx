import type { ComponentProps } from "react";
import Link from "../Link/Link";
import Heading from "./Heading";

/** What MDX content renders its elements with. */
const mdxComponents = {
  a: ({ href, ...props }: ComponentProps<"a">) => <Link to={href} {...props} />,
  h2: (props: ComponentProps<"h2">) => <Heading as="h2" {...props} />,
  h3: (props: ComponentProps<"h3">) => <Heading as="h3" {...props} />,
  h4: (props: ComponentProps<"h4">) => <Heading as="h4" {...props} />,
  h5: (props: ComponentProps<"h5">) => <Heading as="h5" {...props} />,
  h6: (props: ComponentProps<"h6">) => <Heading as="h6" {...props} />,
};

export default mdxComponents;
