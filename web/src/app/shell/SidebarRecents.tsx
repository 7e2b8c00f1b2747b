import { useState } from "react";
import { useTranslation } from "react-i18next";
import { conversationDate, conversationTitle, useConversationHistory } from "../../api/conversations";
import { ChevronIcon } from "../../components/ui/icons";
import { truncate } from "../../features/history";
import { GROUPS_SHOWN, groupByPeriod, RECENT_TITLE_MAX, type Period } from "./recents";

interface SidebarRecentsProps {
  userId: string;
  selectedConversationId: string | null;
  onOpen(conversationId: string): void;
}

/** Recent questions grouped by period (spec §2): first 3 groups, a show-all toggle, collapsible groups. */
export function SidebarRecents({ userId, selectedConversationId, onOpen }: SidebarRecentsProps) {
  const { t } = useTranslation("common");
  const history = useConversationHistory(userId);
  const [showAll, setShowAll] = useState(false);
  const [closed, setClosed] = useState<ReadonlySet<Period>>(new Set());
  if (!history.data || history.data.length === 0) return null;
  const groups = groupByPeriod(history.data, conversationDate);
  const visible = showAll ? groups : groups.slice(0, GROUPS_SHOWN);

  const toggle = (period: Period) =>
    setClosed((current) => {
      const next = new Set(current);
      if (next.has(period)) next.delete(period);
      else next.add(period);
      return next;
    });

  return (
    <section className="recents" aria-labelledby="recents-heading">
      <p className="sidebar__heading" id="recents-heading">
        {t("shell.recents")}
      </p>
      {visible.map(({ period, items }) => {
        const open = !closed.has(period);
        const listId = `recents-${period}`;
        return (
          <div key={period} className="recents__group">
            <button type="button" className="recents__toggle" aria-expanded={open} aria-controls={listId} onClick={() => toggle(period)}>
              <span className={`recents__chevron${open ? " recents__chevron--open" : ""}`}>
                <ChevronIcon />
              </span>
              {t(`shell.periods.${period}`)}
              <span className="recents__count">{items.length}</span>
            </button>
            {open && (
              <ul id={listId} className="recents__list">
                {items.map((item) => {
                  const title = conversationTitle(item) || t("shell.untitled");
                  const current = item.id === selectedConversationId;
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        className={`recents__item${current ? " recents__item--current" : ""}`}
                        aria-current={current ? "page" : undefined}
                        title={title}
                        onClick={() => onOpen(item.id)}
                        dir="auto"
                      >
                        {truncate(title, RECENT_TITLE_MAX)}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
      {groups.length > GROUPS_SHOWN && (
        <button type="button" className="recents__more" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
          {showAll ? t("shell.showLess") : t("shell.showAll")}
        </button>
      )}
    </section>
  );
}
