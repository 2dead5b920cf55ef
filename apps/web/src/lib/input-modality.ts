/**
 * Marks the page with how the user last interacted: `data-input="pointer"` on <html> after a
 * mouse, pen or touch press or a mouse move, `"keyboard"` after a key press. Radix menus focus the
 * item under the mouse with script, and Chromium then matches `:focus-visible`, so a mouse user
 * saw the keyboard's focus ring on every item they hovered; styles.css hides that ring while the
 * pointer was the last input. Without the attribute (before any input) rings show, the safe side.
 */
export function installInputModality(doc: Document = document): () => void {
  const root = doc.documentElement;
  const set = (value: 'pointer' | 'keyboard') => {
    if (root.dataset.input !== value) root.dataset.input = value;
  };
  const onKey = (event: KeyboardEvent) => {
    // A modifier alone (Ctrl to zoom, Shift before a click) is not keyboard navigation.
    if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) set('keyboard');
  };
  const onPointer = (event: PointerEvent) => {
    // A touch or pen press, or a mouse that really moved (a menu opening under a still mouse
    // fires pointermove with no movement in some browsers).
    if (event.type === 'pointerdown' || event.movementX !== 0 || event.movementY !== 0) set('pointer');
  };
  doc.addEventListener('keydown', onKey, true);
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('pointermove', onPointer, true);
  return () => {
    doc.removeEventListener('keydown', onKey, true);
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('pointermove', onPointer, true);
  };
}
