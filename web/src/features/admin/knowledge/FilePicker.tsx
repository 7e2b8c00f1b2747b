import { useId, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";

interface FilePickerProps {
  /** The input's accessible name (e.g. "Law files (.json)"). */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The chosen files' names, shown next to the button. */
  chosen: readonly string[];
  onChange(files: File[]): void;
  small?: boolean;
}

/**
 * A .json file chooser whose button and "no file" text follow the app's language (the native
 * control speaks the browser's). The real input stays focusable; its focus ring shows on the button.
 */
export function FilePicker({ label, multiple = false, disabled = false, chosen, onChange, small = false }: FilePickerProps) {
  const { t } = useTranslation("adminKnowledge");
  const id = useId();
  return (
    <div className={`km-picker${small ? " km-picker--sm" : ""}`} data-disabled={disabled || undefined}>
      <input
        id={id}
        className="km-picker__input"
        type="file"
        accept=".json,application/json"
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Array.from(event.target.files ?? []))}
      />
      <label htmlFor={id} className="btn btn--subtle btn--sm km-picker__button" aria-hidden="true">
        {multiple ? t("picker.chooseFiles") : t("picker.chooseFile")}
      </label>
      <span className="km-picker__name" dir="auto">
        {chosen.length === 0 ? t("picker.none") : chosen.length === 1 ? chosen[0] : t("picker.many", { value: chosen.length })}
      </span>
    </div>
  );
}
