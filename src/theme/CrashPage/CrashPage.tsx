import "./CrashPage.css";

/** The error and each of its causes, outermost first. */
function causeChain(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

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
      <button type="button" className="button button--primary" onClick={onTryAgain}>
        Try again
      </button>
    </div>
  );
}
