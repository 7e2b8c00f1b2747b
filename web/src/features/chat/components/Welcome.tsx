import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/ui/Logo";
import { MODEL_LABEL } from "../constants";

/** The empty conversation: logo, model label, title and subtitle; guests also see their free questions. */
export function Welcome({ guest }: { guest?: { remaining: number | null; onRegister: () => void } }) {
  const { t } = useTranslation("chat");
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <Logo size={72} />
      <p className="welcome__model">
        <span>{t("welcome.modelLabel")}</span>
        <bdi dir="ltr">{MODEL_LABEL}</bdi>
      </p>
      <h1 id="welcome-title">{t("welcome.title")}</h1>
      <p className="welcome__subtitle">{t("welcome.subtitle")}</p>
      {guest && (
        <div className="welcome__guest">
          {guest.remaining !== null && <p className="welcome__counter">{t("guest.freeQuestions", { count: guest.remaining })}</p>}
          <button type="button" className="btn btn--primary" onClick={guest.onRegister}>
            {t("guest.register")}
          </button>
        </div>
      )}
    </section>
  );
}
