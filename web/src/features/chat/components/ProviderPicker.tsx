import { useTranslation } from "react-i18next";
import { useProviders } from "../../../api/providers";
import { MODEL_LABEL } from "../constants";

interface ProviderPickerProps {
  open: boolean;
  /** null: the server's default (QAI-1.0). */
  selected: string | null;
  onSelect: (id: string) => void;
  onClose: () => void;
}

/** The provider panel above the messages, fed by GET /api/chat/providers. */
export function ProviderPicker({ open, selected, onSelect, onClose }: ProviderPickerProps) {
  const { t } = useTranslation("chat");
  const providers = useProviders(open);
  if (!open) return null;
  const current = selected ?? providers.data?.find((p) => p.specialised)?.id ?? null;
  return (
    <section className="provider-panel" aria-labelledby="provider-panel-title">
      <header className="provider-panel__header">
        <h2 id="provider-panel-title">{t("providers.title")}</h2>
        <button type="button" className="btn btn--subtle btn--sm" onClick={onClose}>
          {t("providers.close")}
        </button>
      </header>
      {providers.isPending && <p className="provider-panel__state">{t("providers.loading")}</p>}
      {providers.isError && (
        <p className="provider-panel__state" role="alert">
          {t("providers.failed")}{" "}
          <button type="button" className="link-btn" onClick={() => void providers.refetch()}>
            {t("error.tryAgain")}
          </button>
        </p>
      )}
      {providers.data && (
        <ul className="provider-panel__list" role="radiogroup" aria-labelledby="provider-panel-title">
          {providers.data.map((provider) => {
            const checked = provider.id === current;
            return (
              <li key={provider.id}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  disabled={!provider.available}
                  className={`provider${checked ? " provider--on" : ""}`}
                  onClick={() => onSelect(provider.id)}
                >
                  <span className="provider__name">
                    <bdi>{provider.specialised ? MODEL_LABEL : provider.label}</bdi>
                    {provider.specialised && <span className="provider__tag">{t("providers.specialised")}</span>}
                  </span>
                  <span className={`provider__status provider__status--${provider.available ? "on" : "off"}`}>
                    {provider.available ? t("providers.available") : t("providers.unavailable")}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
