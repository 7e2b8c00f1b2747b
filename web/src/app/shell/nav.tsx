import type { ReactNode } from "react";
import { ChatIcon, HistoryIcon, PlusIcon, ScaleIcon, ShieldIcon, StarIcon, UserIcon } from "../../components/ui/icons";

export type Section = "chat" | "history" | "favorites";
export const SECTIONS: readonly Section[] = ["chat", "history", "favorites"];

export type NavAction = "admin" | "chat" | "newChat" | "history" | "favorites" | "profile" | "legal";

export interface NavItem {
  action: NavAction;
  /** Key in the common namespace. */
  label: string;
  icon: ReactNode;
}

const ITEMS: Record<NavAction, NavItem> = {
  admin: { action: "admin", label: "shell.adminPanel", icon: <ShieldIcon /> },
  chat: { action: "chat", label: "shell.chat", icon: <ChatIcon /> },
  newChat: { action: "newChat", label: "shell.newChat", icon: <PlusIcon /> },
  history: { action: "history", label: "shell.history", icon: <HistoryIcon /> },
  favorites: { action: "favorites", label: "shell.favorites", icon: <StarIcon /> },
  profile: { action: "profile", label: "shell.profile", icon: <UserIcon /> },
  legal: { action: "legal", label: "shell.legal", icon: <ScaleIcon /> },
};

/** Desktop sidebar main services (spec §2): admin panel only for admins, chat, new chat, history, favorites. */
export function sidebarItems(isAdmin: boolean): NavItem[] {
  const actions: NavAction[] = [...(isAdmin ? (["admin"] as const) : []), "chat", "newChat", "history", "favorites"];
  return actions.map((action) => ITEMS[action]);
}

/** Mobile menu items (spec §2): Admin Panel (admins only), Chat, New Chat, Chat History, Favorites, Profile, Legal Information. */
export function mobileItems(isAdmin: boolean): NavItem[] {
  const actions: NavAction[] = [...(isAdmin ? (["admin"] as const) : []), "chat", "newChat", "history", "favorites", "profile", "legal"];
  return actions.map((action) => ITEMS[action]);
}
