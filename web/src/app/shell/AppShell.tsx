import "./shell.css";
import "./library.css";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { conversationKeys, questionKeys } from "../../api/keys";
import { useAuthModal } from "../../components/auth-modal";
import { LoginIcon, MenuIcon } from "../../components/ui/icons";
import { Logo } from "../../components/ui/Logo";
import { ChatScreen } from "../../features/chat";
import { FavoritesPage } from "../../features/favorites";
import { HistoryPage } from "../../features/history";
import { ChangePasswordDialog, ProfileSettingsDialog } from "../../features/profile";
import { QuestionHistoryPage } from "../../features/question-history";
import { SearchLawsPage } from "../../features/search-laws";
import { useServerTheme, useSetDarkMode } from "../../features/settings-theme";
import { currentTheme } from "../../themes";
import { currentLanguage, loadAdminStrings, setLanguage } from "../../i18n";
import { useAuth } from "../../lib/auth";
import { toast } from "../../lib/toast";
import { AccountMenu } from "./AccountMenu";
import { MobileMenu } from "./MobileMenu";
import { REGISTERED_ONLY, SECTIONS, type NavAction, type Section } from "./nav";
import { Sidebar, type ShellActions } from "./Sidebar";

const AboutDialog = lazy(() => import("../../features/about"));
const ThemeSettingsDialog = lazy(() => import("../../features/settings-theme/components/ThemeSettingsDialog"));
// The admin panel (and its charts) loads only when an admin opens it.
const AdminPanelDialog = lazy(() => loadAdminStrings().then(() => import("../../features/admin/panel")));

type Dialog = "admin" | "about" | "theme" | "profile" | "password" | null;

/** The chat's question box (features/chat Composer). */
const COMPOSER_ID = "chat-input";

/** Search parameters of /app: the section, the open conversation and the highlighted message. */
const PARAM = { section: "section", conversation: "c", highlight: "m" } as const;

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
  // Bumped by About's start button: the question box takes the focus once the dialog has let go of it.
  const [focusComposer, setFocusComposer] = useState(0);
  const queryClient = useQueryClient();
  const setDarkMode = useSetDarkMode();
  useServerTheme(user);

  const requested = params.get(PARAM.section);
  const section: Section = SECTIONS.includes(requested as Section) ? (requested as Section) : "chat";
  const conversationId = params.get(PARAM.conversation);
  const highlightMessageId = params.get(PARAM.highlight);

  /** Other sections keep the open conversation so going back to chat shows it again. */
  const goTo = useCallback(
    (next: Section) => {
      setParams((current) => {
        const result = new URLSearchParams();
        if (next !== "chat") result.set(PARAM.section, next);
        const open = current.get(PARAM.conversation);
        if (open) result.set(PARAM.conversation, open);
        return result;
      });
    },
    [setParams],
  );

  /** Opens a conversation in chat, optionally highlighting one message (history, sidebar, favorites). */
  const openConversation = useCallback(
    (id: string, messageId?: string) => {
      setMenuOpen(false);
      setChatGeneration((n) => n + 1);
      setParams(messageId ? { [PARAM.conversation]: id, [PARAM.highlight]: messageId } : { [PARAM.conversation]: id });
    },
    [setParams],
  );

  /** Spec §4: the chat reports the conversation it now shows (a new one after the first answer, none after New Chat). */
  const onChatSelect = useCallback(
    (id: string | null | undefined) => {
      setParams((current) => {
        const result = new URLSearchParams(current);
        if (id) result.set(PARAM.conversation, id);
        else result.delete(PARAM.conversation);
        result.delete(PARAM.highlight);
        return result;
      }, { replace: true });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
    },
    [setParams, queryClient],
  );

  /** Deleting the open conversation resets the selection to none (spec §4). */
  const onSelectedDeleted = useCallback(() => {
    setChatGeneration((n) => n + 1);
    setParams((current) => {
      const result = new URLSearchParams(current);
      result.delete(PARAM.conversation);
      result.delete(PARAM.highlight);
      return result;
    });
  }, [setParams]);

  const actions: ShellActions = {
    onNav: (action: NavAction) => {
      setMenuOpen(false);
      switch (action) {
        case "admin":
          setDialog("admin");
          break;
        case "chat":
          goTo("chat");
          break;
        case "newChat":
          setChatGeneration((n) => n + 1);
          setParams({});
          break;
        case "history":
        case "favorites":
        case "questions":
        case "search":
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
    onOpenConversation: (id: string) => openConversation(id),
    onLogout: () => {
      setMenuOpen(false);
      setDialog(null);
      void signOut()
        .then(() => toast({ description: t("toast.signedOut") }))
        .catch((error: unknown) => console.error("Sign-out failed", error));
    },
  };

  useEffect(() => {
    if (focusComposer === 0) return;
    // The closing dialog gives the focus back to its opener in a timer; try after it, until the box is there.
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      const input = document.getElementById(COMPOSER_ID);
      if (input instanceof HTMLTextAreaElement && !input.disabled) {
        input.focus();
        if (document.activeElement === input) return;
      }
      if (++tries < 40) timer = setTimeout(attempt, 50);
    };
    timer = setTimeout(attempt, 0);
    return () => clearTimeout(timer);
  }, [focusComposer]);

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
        selectedConversationId={conversationId}
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
              <AccountMenu user={user} isAdmin={isAdmin} compact {...actions} onProfile={() => actions.onNav("profile")} />
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
            <ChatScreen
              key={`${user?.id ?? "guest"}-${chatGeneration}`}
              conversationId={conversationId}
              highlightMessageId={highlightMessageId}
              onSelectConversation={onChatSelect}
            />
          ) : !user && REGISTERED_ONLY.includes(section) ? (
            <SignInRequired onSignIn={actions.onLogin} />
          ) : section === "history" ? (
            <HistoryPage selectedConversationId={conversationId} onSelectConversation={(id) => openConversation(id)} onSelectedDeleted={onSelectedDeleted} />
          ) : section === "questions" ? (
            <QuestionHistoryPage onOpenConversation={openConversation} />
          ) : section === "favorites" ? (
            <FavoritesPage onOpenConversation={openConversation} />
          ) : (
            <SearchLawsPage />
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
              setFocusComposer((n) => n + 1);
            }}
          />
        )}
        {dialog === "theme" && <ThemeSettingsDialog open onOpenChange={closeDialog} />}
        {dialog === "admin" && user && <AdminPanelDialog open onOpenChange={closeDialog} />}
      </Suspense>
      {dialog === "profile" && user && (
        <ProfileSettingsDialog
          user={user}
          open
          onOpenChange={closeDialog}
          onChangePassword={() => setDialog("password")}
          darkMode={currentTheme() === "dark"}
          onDarkModeChange={setDarkMode}
        />
      )}
      {dialog === "password" && user && <ChangePasswordDialog open onOpenChange={closeDialog} />}
    </div>
  );
}

/** Registered-only sections for guests (spec §6): Sign In Required with a sign-in button. */
function SignInRequired({ onSignIn }: { onSignIn(): void }) {
  const { t } = useTranslation("common");
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
