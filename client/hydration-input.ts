/**
 * What a visitor typed, ticked or chose before an island hydrated. React keeps such a value in
 * the DOM when it hydrates a controlled field but not in the component's state, so the next
 * render puts the state's (server) value back and the typing is lost. `pendingInput` finds the
 * fields that differ from their server-rendered defaults; `replayInput` then fires the events
 * React listens to, so each field's onChange adopts the value as if it had just been typed.
 */

export type PendingInput =
  | { kind: 'text'; element: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { kind: 'check'; element: HTMLInputElement; checked: boolean }
  | { kind: 'select'; element: HTMLSelectElement; selected: boolean[] };

/** Types whose value is not typed by the visitor (or cannot be set from script). */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

/** The fields inside `root` whose current state is not what the server rendered. */
export function pendingInput(root: HTMLElement): PendingInput[] {
  const pending: PendingInput[] = [];
  for (const element of Array.from(root.querySelectorAll('input, textarea, select'))) {
    if (element instanceof HTMLSelectElement) {
      const options = Array.from(element.options);
      // With no option marked selected, a single select shows its first one.
      const noDefault = !element.multiple && options.length > 0 && options.every((option) => !option.defaultSelected);
      const served = options.map((option, index) => option.defaultSelected || (noDefault && index === 0));
      if (options.some((option, index) => option.selected !== served[index])) pending.push({ kind: 'select', element, selected: options.map((option) => option.selected) });
    } else if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      // A radio group reports through the one that became checked.
      if (element.checked !== element.defaultChecked && (element.type === 'checkbox' || element.checked)) pending.push({ kind: 'check', element, checked: element.checked });
    } else if ((element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !NOT_TYPED.has(element.type))) && element.value !== element.defaultValue) {
      pending.push({ kind: 'text', element, value: element.value });
    }
  }
  return pending;
}

/** Sets the value without going through a setter React put on the element itself. */
function setValueUnseen(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
}

/**
 * Gives each field its pending state back through the events React's onChange listens to.
 * React fires onChange only when the field's value differs from the last one it saw, and it
 * sees every assignment made through the element's own property; so the field first gets a
 * different value that way, then the visitor's value through the prototype's setter (unseen),
 * and the event makes React compare and report it.
 */
export function replayInput(pending: PendingInput[]): void {
  for (const field of pending) {
    if (!field.element.isConnected) continue;
    if (field.kind === 'text') {
      field.element.value = field.value === '' ? ' ' : '';
      setValueUnseen(field.element, field.value);
      field.element.dispatchEvent(new Event('input', { bubbles: true }));
      field.element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field.kind === 'check') {
      // React reads these from the click event, and a click turns the box (checks the radio)
      // before listeners run: from the opposite state it lands on the visitor's choice.
      field.element.checked = !field.checked;
      field.element.click();
    } else {
      Array.from(field.element.options).forEach((option, index) => (option.selected = field.selected[index] ?? false));
      field.element.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}
