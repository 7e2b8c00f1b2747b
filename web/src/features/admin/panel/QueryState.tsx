import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/Spinner";
import { isForbidden } from "./guard";

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry(): void;
  /** Shown when loaded and `isEmpty` holds. */
  empty?: ReactNode;
  isEmpty?: boolean;
  children: ReactNode;
}

/** Loading, failure (with Try again) and empty states around a section's content. */
export function QueryState({ isPending, error, onRetry, empty, isEmpty = false, children }: QueryStateProps) {
  const { t } = useTranslation("adminPanel");
  if (error && !isForbidden(error)) {
    return (
      <div className="ap-state" role="alert">
        <p>{t("loadFailed")}</p>
        <button type="button" className="btn btn--subtle btn--sm" onClick={onRetry}>
          {t("retry")}
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="ap-state">
        <Spinner label={t("loading")} />
      </div>
    );
  }
  if (isEmpty) return <p className="ap-state ap-state--empty">{empty}</p>;
  return <>{children}</>;
}
