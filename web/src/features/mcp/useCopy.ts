import { useEffect, useRef, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '#common/journalConstants.js';

/**
 * Copies text to the clipboard; `copied` is true for a moment afterwards. Without clipboard
 * permission it selects the element with `fallbackId` so the user can copy by hand.
 */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const el = document.getElementById(id);
      if (el) window.getSelection()?.selectAllChildren(el);
      return;
    }
    setCopied(id);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), COPIED_CONFIRMATION_MS);
  };
  return { copied, copy };
}
