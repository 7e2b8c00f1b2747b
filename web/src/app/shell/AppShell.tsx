import "./shell.css";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { LoginIcon, MenuIcon } from "../../components/ui/icons";
import { Logo } from "../../components/ui/Logo";
import { Modal } from "../../components/ui/Modal";
import { ChatScreen } from "../../features/chat";
import { useServerTheme } from "../../features/settings-theme";
import { currentLanguage, setLanguage } from "../../i18n";
import { toast } from "../../lib/toast";
import { useAuth, useAuthModal } from "../auth";
import { AccountMenu, displayName } from "./AccountMenu";
import { MobileMenu } from "./MobileMenu";
import { SECTIONS, type NavAction, type Section } from "./nav";
import { Sidebar, type ShellActions } from "./Sidebar";

const AboutDialog = lazy(() => import("../../features/about"));
const ThemeSettingsDialog = lazy(() => import("../../features/settings-theme/components/ThemeSettingsDialog"));

type Dialog = "about" | "theme" | "profile" | null;

/** The main application (/app): sidebar or mobile menu, the current section, and the app's dialogs. */
export default function AppShell() {
  const { t } = useTranslation("common");
  const { user, isAdmin, signOut } = useAuth();
  const modal = useAuthModal();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chatGeneration, setChatGeneration] = useState(0);
  useServerTheme(user);

  const requested = params.get("section");
  const section: Section = SECTIONS.includes(requested as Section) ? (requested as Section) : "chat";

  const goTo = useCallback(
    (next: Section) => {
      setParams(next === "chat" ? {} : { section: next });
    },
    [setParams],
  );

  const actions: ShellActions = {
    onNav: (action: NavAction) => {
      setMenuOpen(false);
      switch (action) {
        case "admin":
          navigate("/admin");
          break;
        case "chat":
          goTo("chat");
          break;
        case "newChat":
          setChatGeneration((n) => n + 1);
          goTo("chat");
          break;
        case "history":
        case "favorites":
          goTo(action);
          break;
        case "profile":
          if (user) setDialog("profile");
          else modal.open("signin");
          break;
        case "legal":
          navigate(`/legal?lang=${currentLanguage()}`);
          break;
      }
    },
    onLanguage: () => void setLanguage(currentLanguage() === "ar" ? "en" : "ar"),
    onSettings: () => {
      setMenuOpen(false);
      setDialog("theme");
    },
    onAbout: () => {
      setMenuOpen(false);
      setDialog("about");
    },
    onLegal: () => navigate(`/legal?lang=${currentLanguage()}`),
    onLogin: () => {
      setMenuOpen(false);
      modal.open("signin");
    },
    onLogout: () => {
      setMenuOpen(false);
      setDialog(null);
      void signOut()
        .then(() => toast({ description: t("toast.signedOut") }))
        .catch((error: unknown) => console.error("Sign-out failed", error));
    },
  };

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <div className={`shell${collapsed ? " shell--collapsed" : ""}`}>
      <Sidebar
        {...actions}
        user={user}
        isAdmin={isAdmin}
        section={section}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
      />
      <div className="shell__main">
        <header className="topbar">
          <button type="button" className="icon-btn topbar__menu" onClick={() => setMenuOpen(true)} aria-label={t("shell.openMenu")} aria-expanded={menuOpen}>
            <MenuIcon />
          </button>
          <span className="topbar__brand">
            <Logo size={28} />
            <span>{t("app.name")}</span>
          </span>
          <div className="topbar__end">
            {user ? (
              <AccountMenu user={user} isAdmin={isAdmin} compact {...actions} />
            ) : (
              <button type="button" className="btn btn--primary btn--sm" onClick={actions.onLogin}>
                <LoginIcon />
                {t("shell.login")}
              </button>
            )}
          </div>
        </header>
        <main className="shell__content" id="main">
          {section === "chat" ? (
            <ChatScreen key={`${user?.id ?? "guest"}-${chatGeneration}`} />
          ) : (
            <SectionState section={section} signedIn={Boolean(user)} onSignIn={actions.onLogin} />
          )}
        </main>
      </div>

      <MobileMenu {...actions} open={menuOpen} onOpenChange={setMenuOpen} user={user} isAdmin={isAdmin} section={section} />

      <Suspense fallback={null}>
        {dialog === "about" && (
          <AboutDialog
            open
            onOpenChange={closeDialog}
            onStart={() => {
              setDialog(null);
              goTo("chat");
            }}
          />
        )}
        {dialog === "theme" && <ThemeSettingsDialog open onOpenChange={closeDialog} />}
      </Suspense>
      {dialog === "profile" && user && (
        <Modal open onOpenChange={closeDialog} title={t("shell.profile")} size="sm">
          <dl className="profile-summary">
            <dt>{displayName(user)}</dt>
            <dd>
              <bdi>{user.email}</bdi>
            </dd>
            <dd>{isAdmin ? t("shell.admin") : t("shell.registered")}</dd>
          </dl>
          <div className="modal__actions">
            <button type="button" className="btn btn--subtle" onClick={actions.onSettings}>
              {t("shell.settings")}
            </button>
            <button type="button" className="btn btn--danger" onClick={actions.onLogout}>
              {t("shell.logout")}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** History and favorites plug in with the next web issue; until then: sign-in prompt or empty state. */
function SectionState({ section, signedIn, onSignIn }: { section: Section; signedIn: boolean; onSignIn(): void }) {
  const { t } = useTranslation("common");
  const title = section === "history" ? t("shell.history") : t("shell.favorites");
  if (!signedIn) {
    return (
      <section className="page-state" aria-labelledby="section-title">
        <h1 id="section-title">{t("shell.signInRequired")}</h1>
        <p>{t("shell.signInRequiredBody")}</p>
        <button type="button" className="btn btn--primary" onClick={onSignIn}>
          {t("shell.login")}
        </button>
      </section>
    );
  }
  return (
    <section className="page-state" aria-labelledby="section-title">
      <h1 id="section-title">{title}</h1>
      <p>{section === "history" ? t("shell.noHistory") : t("shell.noFavorites")}</p>
    </section>
  );
}

