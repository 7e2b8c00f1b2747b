import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <section className="page-state" aria-labelledby="not-found-title">
      <p className="page-state__code" aria-hidden="true">
        {t("notFound.code")}
      </p>
      <h1 id="not-found-title">{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <Link className="btn btn--primary" to="/">
        {t("notFound.backHome")}
      </Link>
    </section>
  );
}
