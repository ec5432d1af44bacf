import { Text } from "@mantine/core";
import { ModalsProvider, modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { rescueFocusFrom } from "./focus-rescue.ts";

export { ModalsProvider };

/**
 * For every Mantine Modal: its title bar is a <header> element, which axe counts as a second
 * banner landmark next to the shell's header; role="none" keeps it a plain container.
 */
export const MODAL_ATTRIBUTES = { header: { role: "none" } } as const;

/** Raised when the user answers No (or closes the dialog). */
export class ConfirmDeclined extends Error {
  constructor() {
    super("Declined");
    this.name = "ConfirmDeclined";
  }
}

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Red Yes button for destructive actions. */
  danger?: boolean;
  /** The buttons' words where Yes and No would be unclear; default Yes and No. */
  labels?: { confirm: string; cancel: string };
  /** Focus starts on the No button (the safe answer) instead of the dialog's first control. */
  focusCancel?: boolean;
}

/**
 * Asks a Yes/No question: the promise resolves on Yes and rejects (ConfirmDeclined) on No,
 * on Escape and on a click outside. Needs <ModalsProvider> above.
 */
export function confirm({
  title,
  message,
  danger = false,
  labels = { confirm: "Yes", cancel: "No" },
  focusCancel = false,
}: ConfirmOptions): Promise<void> {
  // the control that asks: a Yes may take it away (a row's Remove), and focus with it. One in a
  // dialog is left alone: closing that dialog gives focus back to what opened it
  const asker = document.activeElement;
  return new Promise<void>((resolve, reject) => {
    let answered = false;
    modals.openConfirmModal({
      title,
      children: typeof message === "string" ? <Text size="sm">{message}</Text> : message,
      labels,
      // Mantine's close (X) button has no text of its own: name it for screen readers
      closeButtonProps: { "aria-label": "Close" },
      // Mantine draws the title bar as <header>: a second banner landmark beside the page's own
      attributes: MODAL_ATTRIBUTES,
      confirmProps: { color: danger ? "red" : undefined },
      cancelProps: focusCancel ? { "data-autofocus": true } : undefined,
      onConfirm: () => {
        answered = true;
        if (!asker?.closest("[role=dialog]")) rescueFocusFrom(asker);
        resolve();
      },
      onCancel: () => {
        answered = true;
        reject(new ConfirmDeclined());
      },
      onClose: () => {
        if (!answered) reject(new ConfirmDeclined());
      },
    });
  });
}

export const isDeclined = (err: unknown) => err instanceof ConfirmDeclined;
