import type { ReactNode } from "react";
import { ChatIcon, HistoryIcon, PlusIcon, ScaleIcon, ShieldIcon, StarIcon, UserIcon } from "../../components/ui/icons";

const QuestionsIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14M12 17.5h.01" />
  </svg>
);

const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

export type Section = "chat" | "history" | "favorites" | "questions" | "search";
export const SECTIONS: readonly Section[] = ["chat", "history", "favorites", "questions", "search"];
/** Sections only registered users can use (spec §6); search is public. */
export const REGISTERED_ONLY: readonly Section[] = ["history", "favorites", "questions"];

export type NavAction = "admin" | "chat" | "newChat" | "history" | "favorites" | "questions" | "search" | "profile" | "legal";

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
  questions: { action: "questions", label: "shell.questions", icon: <QuestionsIcon /> },
  search: { action: "search", label: "shell.searchLaws", icon: <SearchIcon /> },
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

/** The library tools beside the main services: question history and law search. */
export function toolItems(): NavItem[] {
  return (["questions", "search"] as const).map((action) => ITEMS[action]);
}
