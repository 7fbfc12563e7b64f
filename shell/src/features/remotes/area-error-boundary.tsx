import { Component, type ErrorInfo, type ReactNode } from 'react';

export type AreaErrorBoundaryProps = {
  /** What shows instead of the area, given a retry and what went wrong. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  onRetry: () => void;
  /** Told of every failure it catches (the area's health report). */
  onError?: (error: unknown) => void;
  children: ReactNode;
};

type State = { failed: boolean; error?: unknown };

/** Catches a remote that fails to load or throws while rendering, so the rest of the portal keeps working. */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[portal] an area failed', error, info.componentStack);
    this.props.onError?.(error);
  }

  private retry = () => {
    this.setState({ failed: false, error: undefined });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
