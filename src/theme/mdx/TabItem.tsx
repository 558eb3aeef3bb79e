import clsx from "clsx";
import type { ReactNode } from "react";

export interface TabItemProps {
  value: string;
  label?: ReactNode;
  /** This tab is selected first. */
  default?: boolean;
  className?: string;
  children?: ReactNode;
  /** Set by Tabs. */
  id?: string;
  labelledBy?: string;
  hidden?: boolean;
}

/** One panel of a `<Tabs>` group. */
export default function TabItem({ children, className, id, labelledBy, hidden }: TabItemProps) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} tabIndex={0} className={clsx("tabs__panel", className)}>
      {children}
    </div>
  );
}
