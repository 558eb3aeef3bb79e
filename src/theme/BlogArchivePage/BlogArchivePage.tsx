import type { BlogArchiveProps } from "../../core/blog";
import BlogLayout from "../BlogLayout/BlogLayout";
import Link from "../Link/Link";
import "./BlogArchivePage.css";

/** Every listed post, by year, newest first. */
export default function BlogArchivePage({ blog, years }: BlogArchiveProps) {
  return (
    <BlogLayout blog={{ ...blog, sidebar: { ...blog.sidebar, items: [] } }}>
      <h1 className="blog-page-title">Archive</h1>
      <p className="blog-page-lead">Every post of {blog.title}, newest first</p>
      {years.map(({ year, posts }) => (
        <section key={year} className="blog-archive__year" aria-labelledby={`archive-${year}`}>
          <h2 id={`archive-${year}`}>{year}</h2>
          <ul className="blog-archive__list">
            {posts.map((post) => (
              <li key={post.permalink}>
                <time dateTime={post.date}>{post.formattedDate}</time>
                <Link to={post.permalink}>{post.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}
