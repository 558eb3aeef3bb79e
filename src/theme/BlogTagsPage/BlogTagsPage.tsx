import type { BlogTagsProps } from "../../core/blog";
import BlogLayout from "../BlogLayout/BlogLayout";
import BlogTags from "../BlogTags/BlogTags";

/** Every tag of the blog with how many posts carry it. */
export default function BlogTagsPage({ blog, tags }: BlogTagsProps) {
  return (
    <BlogLayout blog={blog}>
      <h1 className="blog-page-title">Tags</h1>
      <p className="blog-page-lead">
        {tags.length} tag{tags.length === 1 ? "" : "s"} across {blog.title}
      </p>
      <BlogTags tags={tags} count />
    </BlogLayout>
  );
}
