import type { ComponentProps } from "react";
import Link from "../Link/Link";
import Admonition from "./Admonition";
import CodeBlock from "./CodeBlock";
import Details from "./Details";
import Heading from "./Heading";
import Image from "./Image";
import Mermaid from "../docusaurus/theme/Mermaid";
import TabItem from "./TabItem";
import Tabs from "./Tabs";

/**
 * What MDX content renders its elements with. The capitalised names are
 * also usable in pages without an import; keep them in step with
 * componentNames.ts, which the build checks pages against.
 */
const mdxComponents = {
  a: ({ href, ...props }: ComponentProps<"a">) => <Link to={href} {...props} />,
  h2: (props: ComponentProps<"h2">) => <Heading as="h2" {...props} />,
  h3: (props: ComponentProps<"h3">) => <Heading as="h3" {...props} />,
  h4: (props: ComponentProps<"h4">) => <Heading as="h4" {...props} />,
  h5: (props: ComponentProps<"h5">) => <Heading as="h5" {...props} />,
  h6: (props: ComponentProps<"h6">) => <Heading as="h6" {...props} />,
  img: Image,
  Admonition,
  CodeBlock,
  Details,
  Mermaid,
  Tabs,
  TabItem,
};

export default mdxComponents;
