import Link from "../Link/Link";
import "./NotFound.css";

export default function NotFound() {
  return (
    <div className="not-found">
      <h1 className="not-found__title">Page not found</h1>
      <p>We could not find what you were looking for. The page may have moved, or the address may have a typo.</p>
      <p>
        Try the <Link to="/">home page</Link> or <Link to="/search">search the documentation</Link>.
      </p>
    </div>
  );
}
