import { type RefObject, useEffect } from 'react';

/** Moves focus into a step that replaced another inside an open dialog (its first marked or plain input). */
export const useFocusFirst = (ref: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus], input:not([type="hidden"]), select')?.focus();
  }, [ref]);
};
