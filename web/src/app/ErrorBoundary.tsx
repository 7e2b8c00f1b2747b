import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

const RELOAD_MARK = "qai:crash-reload-at";
const RELOAD_WINDOW_MS = 30_000;

/**
 * An uncaught render error reloads the page once (spec §2, chat screen); a second crash within
 * 30 seconds shows a fallback with a Reload button instead of looping.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Uncaught error in the UI", error, info.componentStack);
    try {
      const last = Number(window.sessionStorage.getItem(RELOAD_MARK) ?? 0);
      if (Date.now() - last > RELOAD_WINDOW_MS) {
        window.sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
        window.location.reload();
      }
    } catch {
      // No sessionStorage: show the fallback rather than risk a reload loop.
    }
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashFallback /> : this.props.children;
  }
}

function CrashFallback() {
  const { t } = useTranslation("common");
  return (
    <div className="page-state" role="alert">
      <h1>{t("crash.title")}</h1>
      <p>{t("crash.body")}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t("crash.reload")}
      </button>
    </div>
  );
}
