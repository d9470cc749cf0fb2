/**
 * Catches render errors so one broken page never blanks the whole app. A page chunk that fails
 * to load (a new version was deployed) reloads the page once to pick up the new build.
 */
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import StatusBlock from './StatusBlock';

const RELOAD_FLAG = 'chunk-reload-at';

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );

interface Props {
  children: ReactNode;
  /** Changing it clears the error (e.g. the pathname). */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) {
      const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
      if (Date.now() - last > 10_000) {
        sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
        window.location.reload();
        return;
      }
    }
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <StatusBlock
        status="error"
        title="页面加载出错"
        subTitle={isChunkLoadError(this.state.error) ? '系统已更新，请刷新页面后重试。' : this.state.error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}
