import type { ComponentType } from "react";
import type { BlogPostProps } from "../../core/blog";
import { TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from "../../core/constants";
import type { PageModule, PageRouteData } from "../../core/types";
import BackToTopButton from "../BackToTopButton/BackToTopButton";
import BlogLayout from "../BlogLayout/BlogLayout";
import BlogPostHeader from "../BlogPostHeader/BlogPostHeader";
import BlogPostPaginator from "../BlogPostPaginator/BlogPostPaginator";
import BlogTags from "../BlogTags/BlogTags";
import EditLink from "../DocPage/EditLink";
import mdxComponents from "../mdx/components";
import MobileToc from "../TableOfContents/MobileToc";
import TableOfContents from "../TableOfContents/TableOfContents";
import "./BlogPostPage.css";

/** One post: header, the whole post, its tags, the newer and older post, and its table of contents. */
export default function BlogPostPage({ data, page }: { data: PageRouteData; page: PageModule }) {
  const { blog, post } = data.props as unknown as BlogPostProps;
  const Content = page.default as ComponentType<{ components: typeof mdxComponents }>;
  const frontMatter = page.frontMatter ?? {};
  const toc = (page.toc ?? []).filter((item) => item.level >= TOC_MIN_HEADING_LEVEL && item.level <= TOC_MAX_HEADING_LEVEL);
  const showToc = frontMatter.hide_table_of_contents !== true && toc.length > 0;
  return (
    <BlogLayout blog={blog} toc={showToc ? <TableOfContents toc={toc} /> : undefined}>
      <article className="blog-post">
        {post.unlisted && (
          <div className="blog-post__unlisted" role="note">
            <strong>Unlisted post.</strong> It is not in the blog's lists or feeds; only those with the link can read it.
          </div>
        )}
        <BlogPostHeader post={post} showTitle={!page.contentTitle} />
        {showToc && <MobileToc toc={toc} />}
        <div className="markdown">
          <Content components={mdxComponents} />
        </div>
        {(post.tags.length > 0 || post.editUrl) && (
          <footer className="blog-post__footer">
            {post.tags.length > 0 && (
              <div className="blog-post__tags">
                <span className="blog-post__tags-label">Tags:</span>
                <BlogTags tags={post.tags} />
              </div>
            )}
            {post.editUrl && <EditLink href={post.editUrl} />}
          </footer>
        )}
      </article>
      <BlogPostPaginator newer={post.newer} older={post.older} />
      <BackToTopButton />
    </BlogLayout>
  );
}
