import type { BlogAuthorsProps } from "../../core/blog";
import BlogAuthor from "../BlogAuthor/BlogAuthor";
import BlogLayout from "../BlogLayout/BlogLayout";
import "./BlogAuthorsPage.css";

/** The blog's authors who have their own page, with how many posts each wrote. */
export default function BlogAuthorsPage({ blog, authors }: BlogAuthorsProps) {
  return (
    <BlogLayout blog={blog}>
      <h1 className="blog-page-title">Authors</h1>
      <p className="blog-page-lead">The people who write {blog.title}</p>
      <ul className="blog-authors__list">
        {authors.map((author) => (
          <li key={author.key ?? author.name} className="blog-authors__card">
            <BlogAuthor author={author} />
            <span className="blog-authors__count">
              {author.count} post{author.count === 1 ? "" : "s"}
            </span>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}
