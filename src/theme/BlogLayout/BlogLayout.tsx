import type { ReactNode } from "react";
import type { BlogChrome } from "../../core/blog";
import BlogSidebar from "../BlogSidebar/BlogSidebar";
import "./BlogLayout.css";

/** Every blog page: the recent-posts sidebar, the page itself, and (on a post) its table of contents. */
export default function BlogLayout({ blog, toc, children }: { blog: BlogChrome; toc?: ReactNode; children: ReactNode }) {
  const hasSidebar = blog.sidebar.items.length > 0;
  return (
    <div className={`blog-layout${hasSidebar ? "" : " blog-layout--no-sidebar"}`}>
      {hasSidebar && <BlogSidebar blog={blog} />}
      <div className="blog-layout__main">{children}</div>
      {toc}
    </div>
  );
}
