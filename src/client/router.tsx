import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/**
 * The little routing the site needs: the current address, navigation that
 * pushes history, and the query string. Routes themselves are data (the
 * manifests), matched by the route store, so a full router library would
 * only add weight to every first page load.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Changes on every navigation, even to the same address. */
  key: string;
  /** How the reader got here: a link or code ("push"/"replace"), or back/forward ("pop"). */
  action: "push" | "replace" | "pop" | "initial";
}

export interface NavigateOptions {
  replace?: boolean;
}

interface RouterValue {
  location: Location;
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);
RouterContext.displayName = "Router";

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error("This hook must be used inside <BrowserRouter> or <StaticRouter>; wrap the component tree in one.");
  return value;
}

function parseLocation(url: string, action: Location["action"], key: string): Location {
  const parsed = new URL(url, "http://localhost");
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, key, action };
}

let keyCounter = 0;
const nextKey = () => `${Date.now().toString(36)}-${(keyCounter++).toString(36)}`;

/** Where the reader was scrolled on each history entry they left, for back and forward. */
const scrollPositions = new Map<string, number>();

export function savedScrollPosition(key: string): number | undefined {
  return scrollPositions.get(key);
}

function entryKey(): string | undefined {
  const state = window.history.state as { key?: unknown } | null;
  return typeof state?.key === "string" ? state.key : undefined;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState<Location>(() => parseLocation(window.location.href, "initial", entryKey() ?? "initial"));
  const currentKey = useRef(location.key);
  currentKey.current = location.key;
  useEffect(() => {
    // Pages load asynchronously, so the browser's own restoration would act too early; the theme restores instead.
    window.history.scrollRestoration = "manual";
    if (!entryKey()) window.history.replaceState({ key: currentKey.current }, "");
    const onPopState = () => {
      scrollPositions.set(currentKey.current, window.scrollY);
      setLocation(parseLocation(window.location.href, "pop", entryKey() ?? nextKey()));
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const navigate = useCallback((to: string, options?: NavigateOptions) => {
    const target = new URL(to, window.location.href);
    const key = nextKey();
    scrollPositions.set(currentKey.current, window.scrollY);
    if (options?.replace) window.history.replaceState({ key }, "", target);
    else window.history.pushState({ key }, "", target);
    setLocation(parseLocation(target.href, options?.replace ? "replace" : "push", key));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** For server rendering: a fixed address; navigating is impossible there. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({
      location: parseLocation(location, "initial", "initial"),
      navigate: () => {
        throw new Error("Cannot navigate while rendering on the server");
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): RouterValue["navigate"] {
  return useRouter().navigate;
}

type ParamsInit = URLSearchParams | Record<string, string>;

/** The query string as URLSearchParams, and a setter that updates the address (pushing history unless told to replace). */
export function useSearchParams(): [URLSearchParams, (next: ParamsInit | ((previous: URLSearchParams) => ParamsInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: ParamsInit | ((previous: URLSearchParams) => ParamsInit), options?: NavigateOptions) => {
      const resolved = typeof next === "function" ? next(new URLSearchParams(location.search)) : next;
      const query = new URLSearchParams(resolved).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ""}${location.hash}`, options);
    },
    [navigate, location.pathname, location.search, location.hash],
  );
  return [params, setParams];
}
