import { useCallback, useEffect, useState } from "react";
import { TAB_GROUP_STORAGE_PREFIX } from "../../core/constants";
import { useSite } from "../../client/contexts/SiteContext";

/** Tab groups on the same page tell each other about a choice with this window event. */
const GROUP_EVENT = "docs-tab-group-change";

interface GroupChange {
  groupId: string;
  value: string;
}

function queryKey(queryString: boolean | string | undefined, groupId: string | undefined): string | undefined {
  if (typeof queryString === "string" && queryString !== "") return queryString;
  if (queryString === true) return groupId;
  return undefined;
}

/**
 * The selected value of one tab group. It starts as the default (so the
 * server's HTML and the first render agree), then after mounting takes the
 * value from the query string (`?key=value`) or from storage (`groupId`).
 * Choosing a tab stores it, updates the query string, and switches every
 * group with the same groupId on this page and in other open browser tabs.
 */
export function useTabSelection(options: { values: string[]; defaultValue: string; groupId?: string; queryString?: boolean | string }) {
  const { values, defaultValue, groupId, queryString } = options;
  const { storage } = useSite();
  const [selected, setSelected] = useState(defaultValue);
  const key = queryKey(queryString, groupId);
  const storageKey = groupId ? `${TAB_GROUP_STORAGE_PREFIX}${groupId}` : undefined;
  const valuesKey = values.join("\u0000");

  useEffect(() => {
    const valid = (value: string | null | undefined): value is string => value != null && values.includes(value);
    const fromQuery = key ? new URLSearchParams(window.location.search).get(key) : null;
    const fromStorage = storageKey ? storage.get(storageKey) : null;
    if (valid(fromQuery)) setSelected(fromQuery);
    else if (valid(fromStorage)) setSelected(fromStorage);
    if (!groupId || !storageKey) return;
    const onGroupChange = (event: Event) => {
      const detail = (event as CustomEvent<GroupChange>).detail;
      if (detail.groupId === groupId && valid(detail.value)) setSelected(detail.value);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey && valid(event.newValue)) setSelected(event.newValue);
    };
    window.addEventListener(GROUP_EVENT, onGroupChange);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(GROUP_EVENT, onGroupChange);
      window.removeEventListener("storage", onStorage);
    };
    // valuesKey stands for values: a new array with the same values must not re-run this.
  }, [key, storageKey, groupId, storage, valuesKey]);

  const select = useCallback(
    (value: string) => {
      setSelected(value);
      if (storageKey && groupId) {
        storage.set(storageKey, value);
        window.dispatchEvent(new CustomEvent<GroupChange>(GROUP_EVENT, { detail: { groupId, value } }));
      }
      if (key) {
        // Replace the address without a router navigation, which would scroll to the top.
        const url = new URL(window.location.href);
        url.searchParams.set(key, value);
        window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
      }
    },
    [storage, storageKey, groupId, key],
  );

  return { selected: values.includes(selected) ? selected : values[0], select };
}
