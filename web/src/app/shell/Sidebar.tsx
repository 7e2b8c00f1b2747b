import { useTranslation } from "react-i18next";
import { GlobeIcon, InfoIcon, LoginIcon, PaletteIcon, ScaleIcon, SidebarIcon } from "../../components/ui/icons";
import { Logo } from "../../components/ui/Logo";
import { currentLanguage } from "../../i18n";
import type { User } from "../../lib/auth";
import { AccountMenu } from "./AccountMenu";
import { sidebarItems, toolItems, type NavAction, type NavItem, type Section } from "./nav";
import { SidebarRecents } from "./SidebarRecents";

export interface ShellActions {
  onNav(action: NavAction): void;
  onLanguage(): void;
  onSettings(): void;
  onAbout(): void;
  onLegal(): void;
  onLogin(): void;
  onLogout(): void;
  /** Opens a conversation in chat (sidebar recents). */
  onOpenConversation(conversationId: string): void;
}

interface SidebarProps extends ShellActions {
  user: User | null;
  isAdmin: boolean;
  section: Section;
  collapsed: boolean;
  onToggleCollapsed(): void;
  selectedConversationId: string | null;
}

/** Desktop sidebar (≥ 768 px): on the inline start, so on the right in Arabic; collapsible to icons. */
export function Sidebar(props: SidebarProps) {
  const { t } = useTranslation("common");
  const { user, isAdmin, section, collapsed, onToggleCollapsed, onNav } = props;
  return (
    <aside className={`sidebar${collapsed ? " sidebar--collapsed" : ""}`} aria-label={t("shell.mainMenu")}>
      <div className="sidebar__top">
        {!collapsed && (
          <span className="sidebar__brand">
            <Logo size={30} />
            <span>{t("app.name")}</span>
          </span>
        )}
        <button
          type="button"
          className="icon-btn"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? t("shell.expand") : t("shell.collapse")}
          aria-expanded={!collapsed}
          title={collapsed ? t("shell.expand") : t("shell.collapse")}
        >
          <SidebarIcon />
        </button>
      </div>

      <nav className="sidebar__nav" aria-label={t("shell.mainServices")}>
        {!collapsed && <p className="sidebar__heading">{t("shell.mainServices")}</p>}
        <NavList items={sidebarItems(isAdmin)} section={section} collapsed={collapsed} onNav={onNav} />
        {!collapsed && <p className="sidebar__heading sidebar__heading--spaced">{t("shell.tools")}</p>}
        <NavList items={toolItems()} section={section} collapsed={collapsed} onNav={onNav} />
        {user && !collapsed && <SidebarRecents userId={user.id} selectedConversationId={props.selectedConversationId} onOpen={props.onOpenConversation} />}
      </nav>

      <div className="sidebar__bottom">
        {user ? (
          <AccountMenu
            user={user}
            isAdmin={isAdmin}
            compact={collapsed}
            onLanguage={props.onLanguage}
            onSettings={props.onSettings}
            onProfile={() => onNav("profile")}
            onAbout={props.onAbout}
            onLegal={props.onLegal}
            onLogout={props.onLogout}
          />
        ) : (
          <GuestButtons {...props} collapsed={collapsed} />
        )}
      </div>
    </aside>
  );
}

/** Guests: login, language, About and legal buttons (spec §2). */
export function GuestButtons({ collapsed, withLegal = true, onLogin, onLanguage, onSettings, onAbout, onLegal }: { collapsed?: boolean; withLegal?: boolean } & ShellActions) {
  const { t } = useTranslation("common");
  const items = [
    { key: "login", label: t("shell.login"), icon: <LoginIcon />, onClick: onLogin, lang: undefined },
    { key: "language", label: t("language.switchTo"), icon: <GlobeIcon />, onClick: onLanguage, lang: currentLanguage() === "ar" ? "en" : "ar" },
    { key: "settings", label: t("shell.settings"), icon: <PaletteIcon />, onClick: onSettings, lang: undefined },
    { key: "about", label: t("shell.about"), icon: <InfoIcon />, onClick: onAbout, lang: undefined },
    ...(withLegal ? [{ key: "legal", label: t("shell.legal"), icon: <ScaleIcon />, onClick: onLegal, lang: undefined }] : []),
  ];
  return (
    <ul className="guest-buttons">
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className={`nav-item${item.key === "login" ? " nav-item--primary" : ""}`}
            onClick={item.onClick}
            title={collapsed ? item.label : undefined}
            aria-label={collapsed ? (item.key === "language" ? t("language.switchLabel") : item.label) : undefined}
          >
            {item.icon}
            {!collapsed && <span lang={item.lang}>{item.label}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

function NavList({ items, section, collapsed, onNav }: { items: NavItem[]; section: Section; collapsed: boolean; onNav(action: NavAction): void }) {
  const { t } = useTranslation("common");
  return (
    <ul>
      {items.map((item) => {
        const current = item.action === section;
        return (
          <li key={item.action}>
            <button
              type="button"
              className={`nav-item${current ? " nav-item--current" : ""}`}
              aria-current={current ? "page" : undefined}
              onClick={() => onNav(item.action)}
              title={collapsed ? t(item.label) : undefined}
              aria-label={collapsed ? t(item.label) : undefined}
            >
              {item.icon}
              {!collapsed && <span>{t(item.label)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
