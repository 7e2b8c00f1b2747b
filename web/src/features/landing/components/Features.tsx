import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BoltIcon, ScaleIcon, ShieldIcon, SparkIcon } from "./icons";

const FEATURES: { key: "specialized" | "expertise" | "security" | "instant"; icon: ReactNode }[] = [
  { key: "specialized", icon: <SparkIcon /> },
  { key: "expertise", icon: <ScaleIcon /> },
  { key: "security", icon: <ShieldIcon /> },
  { key: "instant", icon: <BoltIcon /> },
];

/** The four feature cards. */
export function Features() {
  const { t } = useTranslation("landing");
  return (
    <section className="lp-section" aria-labelledby="lp-features-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <h2 id="lp-features-title">{t("features.title")}</h2>
          <p>{t("features.subtitle")}</p>
        </header>
        <ul className="lp-features">
          {FEATURES.map(({ key, icon }) => (
            <li key={key} className="lp-feature">
              <span className="lp-feature__icon">{icon}</span>
              <h3>{t(`features.items.${key}.title`)}</h3>
              <p>{t(`features.items.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
