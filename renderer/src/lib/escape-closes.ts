import type { Attachment } from 'svelte/attachments';

/**
 * Escape anywhere inside the element closes what it holds (a side panel, a storage view), unless
 * a control in it took the key for itself first (a menu, a field that clears on Escape).
 */
export function escapeCloses(onclose: () => void): Attachment<HTMLElement> {
  return (element) => {
    const onkeydown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onclose();
    };
    element.addEventListener('keydown', onkeydown);
    return () => element.removeEventListener('keydown', onkeydown);
  };
}
