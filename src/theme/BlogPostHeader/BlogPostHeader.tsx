import type { BlogPostMetadata } from "../../core/blog";
import BlogAuthor from "../BlogAuthor/BlogAuthor";
import Link from "../Link/Link";
import "./BlogPostHeader.css";

/** A post's title (a link to the post in lists), its date, reading time and authors. */
export default function BlogPostHeader({ post, inList = false, showTitle = true }: { post: BlogPostMetadata; inList?: boolean; showTitle?: boolean }) {
  const Heading = inList ? "h2" : "h1";
  return (
    <header className="blog-post-header">
      {showTitle && <Heading className="blog-post-header__title">{inList ? <Link to={post.permalink}>{post.title}</Link> : post.title}</Heading>}
      <p className="blog-post-header__meta">
        <time dateTime={post.date}>{post.formattedDate}</time>
        {post.readingTime !== undefined && <> · {post.readingTime} min read</>}
      </p>
      {post.authors.length > 0 && (
        <div className="blog-post-header__authors">
          {post.authors.map((author) => (
            <BlogAuthor key={author.key ?? author.name} author={author} />
          ))}
        </div>
      )}
    </header>
  );
}
