import "./Loading.css";

/** A page whose code or data failed to load (offline, or a new deployment removed it): the error and a Retry button. */
export default function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <h1 className="load-error__title">This page could not be loaded</h1>
      <p className="load-error__text">{error.message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
