import { useTranslation } from "react-i18next";
import { BookIcon, QuoteIcon, ScaleIcon } from "./icons";

/** Two testimonials: a lawyer and a legal consultant (roles, not named people). */
export function Testimonials() {
  const { t } = useTranslation("landing");
  return (
    <section className="lp-section" aria-labelledby="lp-testimonials-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <h2 id="lp-testimonials-title">{t("testimonials.title")}</h2>
        </header>
        <div className="lp-quotes">
          {(["lawyer", "consultant"] as const).map((key) => (
            <figure key={key} className="lp-quote">
              <span className="lp-quote__mark">
                <QuoteIcon size={28} />
              </span>
              <blockquote>
                <p>{t(`testimonials.items.${key}.quote`)}</p>
              </blockquote>
              <figcaption>
                <span className="lp-quote__avatar">{key === "lawyer" ? <ScaleIcon size={22} /> : <BookIcon size={22} />}</span>
                <span>
                  <strong>{t(`testimonials.items.${key}.role`)}</strong>
                  <span className="lp-quote__place">{t(`testimonials.items.${key}.place`)}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
