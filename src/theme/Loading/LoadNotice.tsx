import "./Loading.css";

/**
 * A direct visit whose page code failed to load: the server's HTML stays (the article reads in
 * full, links work as plain links), and this small notice says that the interactive parts wait,
 * with the error and a Retry button.
 */
export default function LoadNotice({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="load-notice" role="status">
      <p className="load-notice__text">
        Some of this page's code could not be loaded, so its interactive parts do not work yet. <span className="load-notice__error">{error.message}</span>
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? "Retrying…" : "Retry"}
      </button>
    </div>
  );
}
