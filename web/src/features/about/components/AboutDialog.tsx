import "./about.css";
import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/ui/Logo";
import { Modal } from "../../../components/ui/Modal";

interface AboutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The start-consultation button: closes the dialog and opens the chat. */
  onStart(): void;
}

const STATS = [
  { value: "1000+", key: "consultations" },
  { value: "95%", key: "accuracy" },
  { value: "24/7", key: "availability" },
] as const;

const FEATURES = ["legalAi", "citations", "bilingual", "instant", "security", "history"] as const;

/** Mission, three stats, six feature cards, the team and a start-consultation button (spec §2). */
export default function AboutDialog({ open, onOpenChange, onStart }: AboutDialogProps) {
  const { t } = useTranslation("about");
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={
        <span className="about__title">
          <Logo size={32} />
          {t("title")}
        </span>
      }
      description={t("subtitle")}
      footer={
        <button type="button" className="btn btn--primary" onClick={onStart}>
          {t("start")}
        </button>
      }
    >
      <div className="about">
        <section aria-labelledby="about-mission">
          <h3 id="about-mission">{t("missionTitle")}</h3>
          <p>{t("mission")}</p>
        </section>
        <ul className="about__stats">
          {STATS.map((stat) => (
            <li key={stat.key}>
              <bdi className="about__stat-value" dir="ltr">
                {stat.value}
              </bdi>
              <span className="about__stat-label">{t(`stats.${stat.key}`)}</span>
            </li>
          ))}
        </ul>
        <section aria-labelledby="about-features">
          <h3 id="about-features">{t("featuresTitle")}</h3>
          <ul className="about__features">
            {FEATURES.map((key) => (
              <li key={key}>
                <h4>{t(`features.${key}.title`)}</h4>
                <p>{t(`features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-team">
          <h3 id="about-team">{t("teamTitle")}</h3>
          <p>{t("team")}</p>
        </section>
        <p className="about__disclaimer">{t("disclaimer")}</p>
      </div>
    </Modal>
  );
}
