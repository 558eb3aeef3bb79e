import type { BlogAuthor as Author } from "../../core/blog";
import useBaseUrl from "../docusaurus/useBaseUrl";
import Link from "../Link/Link";
import "./BlogAuthor.css";

const SOCIAL_LABELS: Record<string, string> = { github: "GitHub", x: "X", twitter: "Twitter", linkedin: "LinkedIn", stackoverflow: "Stack Overflow", bluesky: "Bluesky", instagram: "Instagram" };

/** An author: picture, name (to their page, else their URL), title and social profiles. */
export default function BlogAuthor({ author, large = false }: { author: Author; large?: boolean }) {
  const image = useBaseUrl(author.imageURL ?? "");
  const href = author.permalink ?? author.url;
  return (
    <div className={`blog-author${large ? " blog-author--large" : ""}`}>
      {author.imageURL && <img className="blog-author__image" src={image} alt="" width={large ? 72 : 44} height={large ? 72 : 44} loading="lazy" />}
      <div className="blog-author__text">
        <span className="blog-author__name">{href ? <Link to={href}>{author.name}</Link> : author.name}</span>
        {author.title && <span className="blog-author__title">{author.title}</span>}
        {author.socials && (
          <span className="blog-author__socials">
            {Object.entries(author.socials).map(([platform, url]) => (
              <a key={platform} href={url} className="blog-author__social" target="_blank" rel="noopener noreferrer">
                {SOCIAL_LABELS[platform] ?? platform}
                <span className="visually-hidden"> profile of {author.name}</span>
              </a>
            ))}
          </span>
        )}
      </div>
    </div>
  );
}
