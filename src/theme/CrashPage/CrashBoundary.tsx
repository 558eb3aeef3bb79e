import { Component, type ReactNode } from "react";
import CrashPage from "./CrashPage";

interface Props {
  children: ReactNode;
  /** When this changes (a new address), a crashed page gets another chance. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

export default class CrashBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    if (this.state.error) return <CrashPage error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
