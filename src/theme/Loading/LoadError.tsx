import "./Loading.css";

export default function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__text">This page could not be loaded: {error.message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
