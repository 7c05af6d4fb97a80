import { Component, type ReactNode } from 'react';

/** Catches a route's render error and shows `fallback(error)`; a move to another address clears it. */
export class RouteErrorBoundary extends Component<
  { fallback: (error: unknown) => ReactNode; resetKey: string; children: ReactNode },
  { error: unknown; resetKey: string; failed: boolean }
> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string; failed: boolean }) {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
