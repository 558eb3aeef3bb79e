import type { BlogTag } from "../../core/blog";
import Link from "../Link/Link";
import "./BlogTags.css";

/** A post's tags, each a link to the tag's page. */
export default function BlogTags({ tags, count }: { tags: (BlogTag & { count?: number })[]; count?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <ul className="blog-tags">
      {tags.map((tag) => (
        <li key={tag.permalink}>
          <Link to={tag.permalink} className="blog-tags__tag" rel="tag" title={tag.description}>
            {tag.label}
            {count && tag.count !== undefined && <span className="blog-tags__count">{tag.count}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
