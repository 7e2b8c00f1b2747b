import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../components/ui/icons";
import { Logo } from "../../components/ui/Logo";
import type { User } from "../../lib/auth";
import { displayName, initials } from "./AccountMenu";
import { mobileItems, toolItems, type Section } from "./nav";
import { GuestButtons, type ShellActions } from "./Sidebar";

interface MobileMenuProps extends ShellActions {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: User | null;
  isAdmin: boolean;
  section: Section;
}

/** The slide-in main menu below 768 px (280 px wide, from the inline start). */
export function MobileMenu(props: MobileMenuProps) {
  const { t } = useTranslation("common");
  const { open, onOpenChange, user, isAdmin, section, onNav } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__top">
            <Dialog.Title className="drawer__title">
              <Logo size={28} />
              <span>{t("shell.mainMenu")}</span>
            </Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t("shell.closeMenu")}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          {user && (
            <div className="drawer__user">
              <span className="avatar" aria-hidden="true">
                {initials(user)}
              </span>
              <span className="account__text">
                <span className="account__name">{displayName(user)}</span>
                <bdi className="account__role">{user.email}</bdi>
              </span>
            </div>
          )}
          <nav aria-label={t("shell.mainServices")}>
            <ul className="drawer__list">
              {mobileItems(isAdmin).map((item) => {
                const current = item.action === section;
                return (
                  <li key={item.action}>
                    <button
                      type="button"
                      className={`nav-item${current ? " nav-item--current" : ""}`}
                      aria-current={current ? "page" : undefined}
                      onClick={() => onNav(item.action)}
                    >
                      {item.icon}
                      <span>{t(item.label)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <ul className="drawer__list drawer__tools" aria-label={t("shell.tools")}>
            {toolItems().map((item) => {
              const current = item.action === section;
              return (
                <li key={item.action}>
                  <button type="button" className={`nav-item${current ? " nav-item--current" : ""}`} aria-current={current ? "page" : undefined} onClick={() => onNav(item.action)}>
                    {item.icon}
                    <span>{t(item.label)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="drawer__bottom">
            {user ? (
              <ul className="guest-buttons">
                <li>
                  <button type="button" className="nav-item" onClick={props.onSettings}>
                    {t("shell.settings")}
                  </button>
                </li>
                <li>
                  <button type="button" className="nav-item" onClick={props.onAbout}>
                    {t("shell.about")}
                  </button>
                </li>
                <li>
                  <button type="button" className="nav-item" onClick={props.onLanguage}>
                    {t("language.switchTo")}
                  </button>
                </li>
                <li>
                  <button type="button" className="nav-item menu__item--danger" onClick={props.onLogout}>
                    {t("shell.logout")}
                  </button>
                </li>
              </ul>
            ) : (
              // Legal Information is already a menu item (spec §2's list): not twice.
              <GuestButtons {...props} withLegal={false} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
