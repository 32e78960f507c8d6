/**
 * After a refused submit: the first invalid field is scrolled into view and focused. Mantine's form
 * marks each input with `data-path`; a field without it is found by its error's `aria-describedby`.
 */
export function focusFirstError(errors: Record<string, unknown>, order: readonly string[]): void {
  const field = order.find((name) => errors[name]) ?? Object.keys(errors)[0];
  if (!field) return;
  requestAnimationFrame(() => {
    const node =
      document.querySelector<HTMLElement>(`[data-path="${field}"]`) ??
      document.querySelector<HTMLElement>(`[aria-invalid="true"]`);
    node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    node?.focus({ preventScroll: true });
  });
}
