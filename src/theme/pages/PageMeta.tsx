import { useContext } from "react";
import { PageHeadContext } from "../../client/contexts/PageHeadContext";

/**
 * Tells the server render the page's title and description, for its <title>
 * and meta description. Renders nothing.
 */
export default function PageMeta({ title, description }: { title?: string; description?: string }) {
  const report = useContext(PageHeadContext);
  if (report && (title || description)) report({ ...(title ? { title } : {}), ...(description ? { description } : {}) });
  return null;
}
