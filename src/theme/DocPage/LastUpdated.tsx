/**
 * "Last updated on <date> by <author>", as Docusaurus words it; the date is
 * formatted in UTC so the server and the browser agree.
 */
export default function LastUpdated({ at, by }: { at?: number; by?: string }) {
  const date = at === undefined ? undefined : new Date(at * 1000);
  return (
    <p className="doc-page__last-updated">
      Last updated
      {date && (
        <>
          {" on "}
          <time dateTime={date.toISOString()}>{date.toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}</time>
        </>
      )}
      {by && (
        <>
          {" by "}
          <b>{by}</b>
        </>
      )}
    </p>
  );
}
