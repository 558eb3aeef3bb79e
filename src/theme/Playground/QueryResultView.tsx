import type { QueryResult } from "../../playground/protocol";

/** One query the example compiled: its text and values, and the rows (or error) PostgreSQL gave back. */
export default function QueryResultView({ query, number }: { query: QueryResult; number: number }) {
  return (
    <div className="playground__query">
      <h4 className="playground__heading">Query {number}</h4>
      <pre className="playground__text" tabIndex={0} aria-label={`Query ${number} text`}>{query.text}</pre>
      <p className="playground__values">
        Values: <code>{query.values.length > 0 ? `[ ${query.values.join(", ")} ]` : "[]"}</code>
      </p>
      {query.error !== undefined && <p className="playground__error">PostgreSQL: {query.error}</p>}
      {query.rows && query.fields && (
        <div className="playground__rows" tabIndex={0} role="region" aria-label={`Query ${number} rows`}>
          <table>
            <caption>
              {query.rows.length} {query.rows.length === 1 ? "row" : "rows"} (run in a transaction that was rolled back)
            </caption>
            <thead>
              <tr>
                {query.fields.map((field, index) => (
                  <th key={index} scope="col">
                    {field}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
