import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  /** The label of the destructive button ("Delete"). */
  confirmLabel: string;
  onConfirm(): void;
  busy?: boolean;
}

/**
 * Asks before a destructive action: an alert dialog (focus trapped, Escape and Cancel close it,
 * Cancel focused first so Enter never deletes by accident), title and description announced.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, busy = false }: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  return (
    <Dialog.Root open={open} onOpenChange={(value) => !busy && onOpenChange(value)}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="modal modal--sm confirm-dialog" role="alertdialog">
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Description className="modal__description">{description}</Dialog.Description>
          <div className="modal__actions">
            <Dialog.Close className="btn btn--subtle" disabled={busy}>
              {t("app.cancel")}
            </Dialog.Close>
            <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
