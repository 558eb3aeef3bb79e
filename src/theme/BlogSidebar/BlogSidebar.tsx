import type { BlogChrome } from "../../core/blog";
import { samePath } from "../../core/paths";
import { useLocation } from "../../client/router";
import Link from "../Link/Link";
import "./BlogSidebar.css";

/** The blog's most recent posts (blogSidebarCount of them, under blogSidebarTitle), and the way to the archive. */
export default function BlogSidebar({ blog }: { blog: BlogChrome }) {
  const { pathname } = useLocation();
  return (
    <nav className="blog-sidebar" aria-label={`${blog.title}: ${blog.sidebar.title}`}>
      <p className="blog-sidebar__title">{blog.sidebar.title}</p>
      <ul className="blog-sidebar__list">
        {blog.sidebar.items.map((item) => {
          const active = samePath(item.permalink, pathname);
          return (
            <li key={item.permalink}>
              <Link to={item.permalink} className={`blog-sidebar__link${active ? " blog-sidebar__link--active" : ""}`} aria-current={active ? "page" : undefined}>
                {item.title}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to={blog.archivePermalink} className="blog-sidebar__more">
        All posts by year
      </Link>
    </nav>
  );
}
