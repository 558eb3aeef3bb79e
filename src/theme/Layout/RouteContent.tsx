import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ComponentType } from "react";
import { savedScrollPosition, useLocation } from "../../client/router";
import { useSite } from "../../client/contexts/SiteContext";
import CrashBoundary from "../CrashPage/CrashBoundary";
import BlogPostPage from "../BlogPostPage/BlogPostPage";
import DocPage from "../DocPage/DocPage";
import MarkdownPage from "../pages/MarkdownPage";
import LoadError from "../Loading/LoadError";
import Loading from "../Loading/Loading";
import NotFound from "../NotFound/NotFound";
import { completeNavigation } from "../../client/navigation";
import { scrollToHashOrTop } from "../../client/scrolling";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The page for the current address: loading, failed, not found, or the page itself. */
export default function RouteContent() {
  const { store } = useSite();
  const location = useLocation();
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const state = store.resolve(location.pathname);
  const firstRender = useRef(true);
  const scrolledFor = useRef(location.pathname);

  useEffect(() => {
    if (state.status === "loading") store.preload(location.pathname).catch(() => undefined);
  }, [state.status, store, location.pathname]);

  useIsomorphicLayoutEffect(() => {
    // The new address has rendered: the route update is complete.
    completeNavigation();
    if (firstRender.current) {
      // The browser already placed the first page (and its hash) itself.
      firstRender.current = false;
      return;
    }
    if (state.status !== "ready") return;
    // A changed query alone (typing in the search box) is not a new page.
    const newPage = scrolledFor.current !== location.pathname;
    scrolledFor.current = location.pathname;
    const saved = location.action === "pop" ? savedScrollPosition(location.key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (newPage || location.hash) scrollToHashOrTop(location.hash);
  }, [location.key, state.status]);

  let content;
  switch (state.status) {
    case "loading":
      content = <Loading />;
      break;
    case "error":
      content = <LoadError error={state.error} onRetry={() => store.retry(location.pathname).catch(() => undefined)} />;
      break;
    case "not-found":
      content = <NotFound />;
      break;
    case "ready": {
      if (typeof state.page.default !== "function") {
        throw new Error(`The page module for ${state.route.path} (${state.route.chunk}) has no default export; a page must export its component as default.`);
      }
      const Page = state.page.default as ComponentType<Record<string, unknown>>;
      const { route } = state;
      if (route.doc) content = <DocPage route={route} manifest={state.manifest} page={state.page} />;
      else if (route.page?.layout === "markdown") content = <MarkdownPage data={route.page} page={state.page} />;
      else if (route.page?.layout === "blogPost") content = <BlogPostPage data={route.page} page={state.page} />;
      else content = <Page {...route.page?.props} />;
    }
  }
  return <CrashBoundary resetKey={location.pathname}>{content}</CrashBoundary>;
}
