import { useLocation as useSiteLocation, useNavigate } from "../../client/router";

/** `@docusaurus/router`: the react-router hooks site components call, on our router. */
export function useLocation() {
  const location = useSiteLocation();
  return { pathname: location.pathname, search: location.search, hash: location.hash, key: location.key, state: undefined };
}

export function useHistory() {
  const navigate = useNavigate();
  return {
    push: (to: string) => navigate(to),
    replace: (to: string) => navigate(to, { replace: true }),
    goBack: () => window.history.back(),
  };
}
