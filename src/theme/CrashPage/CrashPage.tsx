import Link from "../Link/Link";
import "./CrashPage.css";

/** The error and each of its causes, outermost first (a cycle or a very long chain is cut short). */
export function causeChain(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** What a page that threw while rendering shows instead: the error, its causes, and a way to try again. */
export default function CrashPage({ error, onTryAgain }: { error: Error; onTryAgain: () => void }) {
  const [first, ...causes] = causeChain(error);
  return (
    <div className="crash-page" role="alert">
      <h1 className="crash-page__title">This page crashed.</h1>
      <p className="crash-page__message">{first.message}</p>
      {causes.map((cause, index) => (
        <p key={index} className="crash-page__cause">
          <span className="crash-page__cause-label">Cause:</span> {cause.message}
        </p>
      ))}
      <div className="crash-page__actions">
        <button type="button" className="button button--primary" onClick={onTryAgain}>
          Try again
        </button>
        <Link to="/" className="button button--secondary">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
