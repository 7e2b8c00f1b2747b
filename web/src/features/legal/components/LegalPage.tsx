import "./legal.css";
import * as Tabs from "@radix-ui/react-tabs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { BackIcon } from "../../../components/ui/icons";
import { Logo } from "../../../components/ui/Logo";
import { currentLanguage, i18n } from "../../../i18n";
import { SUPPORT_EMAIL } from "../constants";

type TabId = "privacy" | "terms";

interface SectionContent {
  title: string;
  body?: string;
  items?: string[];
}

/**
 * Privacy policy and terms of use (spec §2). `?lang=ar` shows Arabic, any other value English; with
 * no `lang` the app's language. Back goes back in the browser history.
 */
export default function LegalPage() {
  const appLanguage = useTranslation("legal").i18n.language; // re-render on language changes
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const requested = params.get("lang");
  const lang = requested === null ? currentLanguage() : requested === "ar" ? "ar" : "en";
  const dir = lang === "ar" ? "rtl" : "ltr";
  const t = i18n.getFixedT(lang, "legal");
  const tab: TabId = params.get("tab") === "terms" ? "terms" : "privacy";
  const pageTitle = `${t("pageTitle")} — QAI`;

  // The document's own language and direction follow the page (screen readers, scrollbars, the
  // browser's UI), not the app's language; the app's come back when the page is left.
  useEffect(() => {
    const root = document.documentElement;
    root.lang = lang;
    root.dir = dir;
    return () => {
      root.lang = currentLanguage();
      root.dir = currentLanguage() === "ar" ? "rtl" : "ltr";
    };
  }, [lang, dir, appLanguage]);

  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);

  const onBack = () => {
    // Back through the browser history (spec §2); a page opened on its own goes home instead.
    if (location.key !== "default" || window.history.length > 1) navigate(-1);
    else navigate("/");
  };

  const onTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === "terms") next.set("tab", "terms");
    else next.delete("tab");
    setParams(next, { replace: true });
  };

  const renderSections = (doc: TabId) => {
    const sections = t(`${doc}.sections`, { returnObjects: true, email: SUPPORT_EMAIL }) as Record<string, SectionContent>;
    return Object.entries(sections).map(([key, section]) => (
      <section key={key} className="legal__section" aria-labelledby={`legal-${doc}-${key}`}>
        <h3 id={`legal-${doc}-${key}`}>{section.title}</h3>
        {section.body && <p>{withEmail(section.body)}</p>}
        {section.items && (
          <ul>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </section>
    ));
  };

  return (
    <div className="legal" lang={lang} dir={dir}>
      <header className="legal__header">
        <button type="button" className="btn btn--subtle" onClick={onBack}>
          <BackIcon />
          {t("back")}
        </button>
        <span className="legal__brand">
          <Logo size={28} />
          <span>QAI</span>
        </span>
      </header>
      <main className="legal__main">
        <h1 className="legal__title">{t("pageTitle")}</h1>
        <Tabs.Root value={tab} onValueChange={onTab} dir={dir} className="legal__tabs">
          <Tabs.List className="tabs__list" aria-label={t("tabsLabel")}>
            <Tabs.Trigger value="privacy" className="tabs__trigger">
              {t("privacy.tab")}
            </Tabs.Trigger>
            <Tabs.Trigger value="terms" className="tabs__trigger">
              {t("terms.tab")}
            </Tabs.Trigger>
          </Tabs.List>
          {(["privacy", "terms"] as const).map((doc) => (
            <Tabs.Content key={doc} value={doc} className="legal__doc">
              <h2>{t(`${doc}.title`)}</h2>
              <p className="legal__date">{t("lastUpdated", { date: t("date") })}</p>
              <p className="legal__intro">{t(`${doc}.intro`)}</p>
              {renderSections(doc)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}

/** Turns the support address in a sentence into a mailto link. */
function withEmail(text: string) {
  const at = text.indexOf(SUPPORT_EMAIL);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={`mailto:${SUPPORT_EMAIL}`}>
        <bdi>{SUPPORT_EMAIL}</bdi>
      </a>
      {text.slice(at + SUPPORT_EMAIL.length)}
    </>
  );
}
