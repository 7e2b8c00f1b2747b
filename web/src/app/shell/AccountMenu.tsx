import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { GlobeIcon, InfoIcon, LogoutIcon, PaletteIcon, ScaleIcon, UserIcon } from "../../components/ui/icons";
import { currentLanguage } from "../../i18n";
import type { User } from "../../lib/auth";

export function displayName(user: User): string {
  const meta = (user.user_metadata ?? {}) as { first_name?: string; last_name?: string };
  const name = [meta.first_name, meta.last_name].filter(Boolean).join(" ").trim();
  return name || user.email || "";
}

export function initials(user: User): string {
  const meta = (user.user_metadata ?? {}) as { first_name?: string; last_name?: string };
  const letters = [meta.first_name, meta.last_name].map((part) => part?.trim()?.[0] ?? "").join("");
  return (letters || user.email?.[0] || "?").toUpperCase();
}

interface AccountMenuProps {
  user: User;
  isAdmin: boolean;
  compact?: boolean;
  onLanguage(): void;
  onSettings(): void;
  onProfile(): void;
  onAbout(): void;
  onLegal(): void;
  onLogout(): void;
}

/** The avatar menu of a registered user: language, settings, About, legal information, logout. */
export function AccountMenu({ user, isAdmin, compact, onLanguage, onSettings, onProfile, onAbout, onLegal, onLogout }: AccountMenuProps) {
  const { t } = useTranslation("common");
  const name = displayName(user);
  const side = currentLanguage() === "ar" ? "left" : "right";
  return (
    <DropdownMenu.Root dir={currentLanguage() === "ar" ? "rtl" : "ltr"}>
      <DropdownMenu.Trigger className={`account${compact ? " account--compact" : ""}`}>
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        {compact && <span className="visually-hidden">{`${t("shell.accountMenu")}: ${name}`}</span>}
        {!compact && (
          <span className="account__text">
            <span className="account__name">{name}</span>
            <span className="account__role">{isAdmin ? t("shell.admin") : t("shell.registered")}</span>
            <span className="visually-hidden">{t("shell.accountMenu")}</span>
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side={compact ? "bottom" : side} align="end" sideOffset={8} collisionPadding={8}>
          <DropdownMenu.Label className="menu__label">
            <span className="menu__label-name">{name}</span>
            <bdi className="menu__label-email">{user.email}</bdi>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={onLanguage}>
            <GlobeIcon />
            <span lang={currentLanguage() === "ar" ? "en" : "ar"}>{t("language.switchTo")}</span>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={onProfile}>
            <UserIcon />
            {t("shell.profileSettings")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={onSettings}>
            <PaletteIcon />
            {t("shell.settings")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={onAbout}>
            <InfoIcon />
            {t("shell.about")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={onLegal}>
            <ScaleIcon />
            {t("shell.legal")}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={onLogout}>
            <LogoutIcon />
            {t("shell.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
