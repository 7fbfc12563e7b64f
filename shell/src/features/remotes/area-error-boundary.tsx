import { Component, type ErrorInfo, type ReactNode } from 'react';

export type AreaErrorBoundaryProps = {
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
};

type State = { failed: boolean };

/** Catches a remote that fails to load or throws while rendering, so the rest of the portal keeps working. */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[portal] an area failed', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
