import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/ui/Logo";
import { MODEL_LABEL } from "../constants";

/** The empty conversation: logo, model label, title and subtitle. */
export function Welcome() {
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
    </section>
  );
}
