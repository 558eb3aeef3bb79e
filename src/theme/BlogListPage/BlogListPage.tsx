import type { BlogListProps } from "../../core/blog";
import BlogAuthor from "../BlogAuthor/BlogAuthor";
import BlogExcerpt from "../BlogExcerpt/BlogExcerpt";
import BlogLayout from "../BlogLayout/BlogLayout";
import BlogListPaginator from "../BlogListPaginator/BlogListPaginator";
import BlogPostHeader from "../BlogPostHeader/BlogPostHeader";
import BlogTags from "../BlogTags/BlogTags";
import Link from "../Link/Link";
import "./BlogListPage.css";

/** A page of posts: the whole blog, one tag's posts or one author's, newest first, each cut at its truncate marker. */
export default function BlogListPage({ blog, items, paginator, heading, tag, author }: BlogListProps) {
  return (
    <BlogLayout blog={blog}>
      <header className="blog-list__header">
        {author ? (
          <>
            <h1 className="visually-hidden">{author.name}</h1>
            <BlogAuthor author={{ ...author, permalink: undefined }} large />
            <p className="blog-page-lead">
              {author.count} post{author.count === 1 ? "" : "s"} by {author.name}
            </p>
          </>
        ) : (
          <h1 className={tag ? "blog-page-title" : "visually-hidden"}>{heading}</h1>
        )}
        {tag?.description && <p className="blog-page-lead">{tag.description}</p>}
        {tag && (
          <p className="blog-page-lead">
            <Link to={tag.allTagsPermalink}>View all tags</Link>
          </p>
        )}
      </header>
      {items.map((item) => (
        <article key={item.permalink} className="blog-list__item">
          <BlogPostHeader post={item} inList />
          <BlogExcerpt nodes={item.excerpt} />
          <footer className="blog-list__footer">
            <BlogTags tags={item.tags} />
            {item.hasTruncateMarker && (
              <Link to={item.permalink} className="blog-list__more" aria-label={`Read more about ${item.title}`}>
                Read more
              </Link>
            )}
          </footer>
        </article>
      ))}
      <BlogListPaginator paginator={paginator} />
    </BlogLayout>
  );
}
