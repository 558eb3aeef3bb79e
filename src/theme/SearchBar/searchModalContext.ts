import { createContext, useContext } from "react";

/** What the modal's hit and footer components need from the search bar that opened it. */
export interface SearchModalContextValue {
  baseUrl: string;
  /** Hit count of each answered query (the modal's own count adds up across queries). */
  hitCount(query: string): number | undefined;
  /** Routes inside the site (loading the page first) and closes the modal. */
  go(to: string): void;
}

export const SearchModalContext = createContext<SearchModalContextValue | null>(null);

export function useSearchModal(): SearchModalContextValue {
  const value = useContext(SearchModalContext);
  if (!value) throw new Error("useSearchModal must be used inside <SearchModalContext.Provider> (the search modal)");
  return value;
}
