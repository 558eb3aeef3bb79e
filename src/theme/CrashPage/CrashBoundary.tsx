import { Component, type ReactNode } from "react";
import CrashPage from "./CrashPage";

interface Props {
  children: ReactNode;
  /** When this changes (a new address), a crashed page gets another chance. */
  resetKey: string;
  /** Around the whole layout: the crash page then stands alone, as the page's main content. */
  standalone?: boolean;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Catches a render error below it and shows the crash page; "Try again" renders the children afresh. */
export default class CrashBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const page = <CrashPage error={error} onTryAgain={() => this.setState({ error: null })} />;
    return this.props.standalone ? <main id="main-content">{page}</main> : page;
  }
}
