import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons";

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Shown under the title and used as the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** The app's dialog: Radix Dialog (focus trap, Escape, aria) with the shared look. */
export function Modal({ open, onOpenChange, title, description, children, footer, size = "md", className }: ModalProps) {
  const { t } = useTranslation("common");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={`modal modal--${size}${className ? ` ${className}` : ""}`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t("app.close")}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          {/* Focusable so keyboard users can scroll long content. */}
          <div className="modal__body" tabIndex={0}>
            {children}
          </div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
