import clsx from "clsx";
import { Children, cloneElement, isValidElement, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import type { TabItemProps } from "./TabItem";
import { useTabSelection } from "./useTabSelection";
import "./Tabs.css";

export interface TabsProps {
  children?: ReactNode;
  /** The tab shown first; otherwise the TabItem marked `default`, otherwise the first. */
  defaultValue?: string;
  /** Labels for the values, instead of each TabItem's `label`. */
  values?: { value: string; label?: ReactNode }[];
  /** Groups with the same id switch together, on this page and others, and remember the choice. */
  groupId?: string;
  /** Keep the choice in the address: `true` uses the groupId as the key, a string names the key. */
  queryString?: boolean | string;
  /** Render only the selected panel (the others are left out of the page). */
  lazy?: boolean;
  className?: string;
}

type Item = ReactElement<TabItemProps>;

const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => undefined : useLayoutEffect;

/**
 * Tabbed panels (WAI-ARIA tabs: arrow keys, Home and End move between tabs
 * and select them). Every panel is in the server's HTML; hidden ones carry
 * the `hidden` attribute, so readers without JavaScript still get the first.
 */
export default function Tabs({ children, defaultValue, values: labels, groupId, queryString, lazy, className }: TabsProps) {
  const items = Children.toArray(children).filter((child): child is Item => isValidElement(child) && typeof (child.props as TabItemProps).value === "string");
  const values = items.map((item) => item.props.value);
  const initial =
    (defaultValue !== undefined && values.includes(defaultValue) ? defaultValue : undefined) ?? items.find((item) => item.props.default)?.props.value ?? values[0] ?? "";
  const { selected, select } = useTabSelection({ values, defaultValue: initial, groupId, queryString });
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Keeps the tab under the pointer still when panels of different heights swap.
  const anchor = useRef<{ index: number; top: number } | null>(null);

  useIsomorphicLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    const tab = held ? tabRefs.current[held.index] : null;
    if (held && tab) {
      const shift = tab.getBoundingClientRect().top - held.top;
      if (shift !== 0) window.scrollBy(0, shift);
    }
  }, [selected]);

  const choose = (index: number, focus: boolean) => {
    const tab = tabRefs.current[index];
    if (tab) anchor.current = { index, top: tab.getBoundingClientRect().top };
    select(values[index]);
    if (focus) tab?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = values.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next, true);
  };

  return (
    <div className={clsx("tabs", className)}>
      <div role="tablist" aria-orientation="horizontal" className="tabs__list">
        {items.map((item, index) => {
          const value = item.props.value;
          const isSelected = value === selected;
          const label = labels?.find((entry) => entry.value === value)?.label ?? item.props.label ?? value;
          return (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              className={clsx("tabs__tab", isSelected && "tabs__tab--selected")}
              onClick={() => choose(index, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {label}
            </button>
          );
        })}
      </div>
      <div className="tabs__panels">
        {items.map((item, index) => {
          const isSelected = item.props.value === selected;
          if (lazy && !isSelected) return null;
          return cloneElement(item, { key: item.props.value, id: `${id}-panel-${index}`, labelledBy: `${id}-tab-${index}`, hidden: !isSelected });
        })}
      </div>
    </div>
  );
}
