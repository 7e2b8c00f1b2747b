import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/ui/Logo";
import { BookIcon, CheckIcon } from "./icons";

interface HeroProps {
  onStart(): void;
  onViewPricing(): void;
}

/** Headline, subtitle, the two main actions and a sample answer with its citation. */
export function Hero({ onStart, onViewPricing }: HeroProps) {
  const { t } = useTranslation("landing");
  return (
    <section className="lp-hero" aria-labelledby="lp-hero-title">
      <div className="lp-container lp-hero__grid">
        <div className="lp-hero__copy">
          <Logo size={64} className="lp-hero__logo" />
          <p className="lp-eyebrow lp-eyebrow--on-dark">{t("hero.eyebrow")}</p>
          <h1 id="lp-hero-title" className="lp-hero__title">
            {t("hero.title")}
          </h1>
          <p className="lp-hero__subtitle">{t("hero.subtitle")}</p>
          <div className="lp-hero__actions">
            <button type="button" className="lp-btn lp-btn--gold lp-btn--lg" onClick={onStart}>
              {t("hero.start")}
            </button>
            <button type="button" className="lp-btn lp-btn--outline-light lp-btn--lg" onClick={onViewPricing}>
              {t("hero.viewPricing")}
            </button>
          </div>
          <ul className="lp-hero__trust">
            {(["model", "citations", "languages"] as const).map((key) => (
              <li key={key}>
                <CheckIcon size={16} />
                <span>{t(`hero.trust.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>

        <figure className="lp-preview" aria-label={t("hero.preview.label")}>
          <figcaption className="lp-preview__caption">{t("hero.preview.label")}</figcaption>
          <p className="lp-preview__question">{t("hero.preview.question")}</p>
          <div className="lp-preview__answer">
            <span className="lp-preview__avatar">
              <Logo size={28} />
            </span>
            <div>
              <p>{t("hero.preview.answer")}</p>
              <span className="lp-preview__citation">
                <BookIcon size={15} />
                {t("hero.preview.citation")}
              </span>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
