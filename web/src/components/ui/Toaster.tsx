import * as Toast from "@radix-ui/react-toast";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS } from "../../lib/toast";
import { CloseIcon } from "./icons";

/**
 * Renders the toast store (lib/toast) with Radix Toast: one at a time, 5 s, swipe right 50 px to
 * dismiss, F8 focuses the region (spec §9). Mounted once at the root (by LazyToaster);
 * `focusOnMount` when it was mounted by an F8 press, which Radix did not see.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation("common");
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION_MS} label={t("toast.region", { hotkey: "F8" })}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={`toast toast--${item.variant ?? "default"}`}
          type={item.variant === "destructive" ? "foreground" : "background"}
        >
          <div className="toast__text">
            {item.title && <Toast.Title className="toast__title">{item.title}</Toast.Title>}
            {item.description && <Toast.Description className="toast__description">{item.description}</Toast.Description>}
          </div>
          <Toast.Close className="icon-btn toast__close" aria-label={t("toast.close")}>
            <CloseIcon />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport ref={viewport} className="toast-viewport" hotkey={["F8"]} />
    </Toast.Provider>
  );
}
